/**
 * `pnpm admin <command>`: operator commands run against the database directly, for when no
 * superadmin can (or should have to) sign in.
 *
 *   pnpm admin unlock <username or email>
 *     Lift an account's sign-in lock (after too many failed attempts) and clear its failed
 *     attempts, as POST /api/admin/users/{id}/unlock does; audited as user.unlock with no actor
 *     and the reason "pnpm admin unlock".
 *
 *   pnpm admin reset-2fa <username or email>
 *     Remove an account's two-factor sign-in (the phone and the recovery codes are lost): the
 *     next sign-in takes the password alone, and staff are asked to set it up again (ADR 0018);
 *     audited as user.two_factor_off with no actor and the reason "pnpm admin reset-2fa".
 *
 * The database is DATABASE_URL, or the embedded one `pnpm start` runs (EMBEDDED_PG_PORT),
 * so on a machine running `pnpm start` the command works as it is. reset-2fa also tells the
 * running gateways, through Redis (REDIS_URL and REDIS_PREFIX, or the redis-server `pnpm start`
 * runs), so that a staff account's sockets leave the staff rooms and its sessions are read again
 * at once. Exit 0 when done, 1 when no account matches, 2 for a usage or configuration error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb } from '@app/db';
import { Redis } from 'ioredis';
import { unlockAccount } from '../gateway/src/features/auth/login-lock.ts';
import { resetTwoFactor } from '../gateway/src/features/two-factor/reset.ts';
import { embeddedUrl } from './lib/postgres.ts';
import { urlReachable } from './lib/services.ts';
import { announceStaffLost } from './lib/staff-lost.ts';
import { loadStartConfig, localRedisUrlFile, StartConfigError } from './lib/start-config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: pnpm admin unlock <username or email>\n       pnpm admin reset-2fa <username or email>';

type AdminConfig = { databaseUrl: string; redisUrl: string | undefined; redisPrefix: string };

/** The platform as `pnpm start` finds it (its settings): the embedded servers when unset. */
function loadAdminConfig(env: NodeJS.ProcessEnv = process.env): AdminConfig {
  try {
    const start = loadStartConfig(env, ROOT);
    const redisFile = localRedisUrlFile(start);
    return {
      databaseUrl: start.DATABASE_URL ?? embeddedUrl(start.EMBEDDED_PG_PORT),
      redisUrl:
        start.REDIS_URL ?? (existsSync(redisFile) ? readFileSync(redisFile, 'utf8').trim() : undefined),
      redisPrefix: start.REDIS_PREFIX,
    };
  } catch (error) {
    if (!(error instanceof StartConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

type Client = ReturnType<typeof createDb>;
type Account = { id: string; username: string };

/** Runs a command on the account a username or email names; 1 when none does. */
async function onAccount(
  databaseUrl: string,
  identifier: string,
  command: (client: Client, user: Account) => Promise<number>,
): Promise<number> {
  const client = createDb(databaseUrl, { max: 1, applicationName: 'admin-cli' });
  try {
    const lowered = identifier.trim().toLowerCase();
    const [user] = await client.sql<Account[]>`
      select id, username from users where lower(username) = ${lowered} or lower(email) = ${lowered} limit 1`;
    if (!user) {
      console.error(`No account has the username or email "${identifier}".`);
      return 1;
    }
    return await command(client, user);
  } finally {
    await client.close();
  }
}

/**
 * After the commit, the running gateways are told as `app.sessions.staffLost` tells them. Without
 * a Redis that answers there is no running platform to tell (a gateway reads the row on start).
 */
async function tellGateways(userId: string): Promise<void> {
  const { redisUrl, redisPrefix } = config;
  if (!redisUrl || !(await urlReachable(redisUrl))) {
    console.log('No running platform was reached through Redis: nothing else to tell.');
    return;
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await announceStaffLost(redis, redisPrefix, userId);
    await redis.quit();
  } finally {
    redis.disconnect();
  }
}

async function resetTwoFactorOf(client: Client, user: Account): Promise<number> {
  const who = { actor: null, ip: null, requestId: null, reason: 'pnpm admin reset-2fa' };
  if (!(await resetTwoFactor(client.db, user.id, who))) {
    console.log(`${user.username} had no two-factor sign-in; nothing changed.`);
    return 0;
  }
  console.log(
    `Two-factor sign-in removed for ${user.username}; the next sign-in asks for the password only.`,
  );
  await tellGateways(user.id);
  return 0;
}

async function unlock(client: Client, user: Account): Promise<number> {
  const result = await unlockAccount(client.db, user.id, {
    actor: null,
    ip: null,
    requestId: null,
    reason: 'pnpm admin unlock',
  });
  const attempts = `${result.failures} failed sign-in attempt${result.failures === 1 ? '' : 's'}`;
  console.log(
    result.wasLockedUntil
      ? `Unlocked ${user.username} (locked until ${result.wasLockedUntil.toISOString()}); cleared ${attempts}.`
      : `${user.username} was not locked; cleared ${attempts}.`,
  );
  return 0;
}

const COMMANDS = { unlock, 'reset-2fa': resetTwoFactorOf } as const;
const [command, ...args] = process.argv.slice(2);
const run =
  command && Object.hasOwn(COMMANDS, command) ? COMMANDS[command as keyof typeof COMMANDS] : undefined;
if (!run || args.length !== 1 || !args[0]?.trim()) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadAdminConfig();
try {
  process.exit(await onAccount(config.databaseUrl, args[0], run));
} catch (error) {
  const code = typeof error === 'object' && error && 'code' in error ? ` (${String(error.code)})` : '';
  console.error(`${command} failed${code}: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Is `pnpm start` running, or DATABASE_URL set to the platform database?');
  process.exit(2);
}
