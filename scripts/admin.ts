/**
 * `pnpm admin <command>`: operator commands run against the database directly, for when no
 * superadmin can (or should have to) sign in.
 *
 *   pnpm admin unlock <username or email>
 *     Lift an account's sign-in lock (after too many failed attempts) and clear its failed
 *     attempts, as POST /api/admin/users/{id}/unlock does; audited as user.unlock with no actor
 *     and the reason "pnpm admin unlock".
 *
 * The database is DATABASE_URL, or the embedded one `pnpm start` runs (EMBEDDED_PG_PORT),
 * so on a machine running `pnpm start` the command works as it is. Exit 0 when done, 1 when
 * no account matches, 2 for a usage or configuration error.
 */
import { createDb } from '@app/db';
import { z } from 'zod';
import { unlockAccount } from '../gateway/src/features/auth/login-lock.ts';

const USAGE = 'usage: pnpm admin unlock <username or email>';

const schema = z.object({
  DATABASE_URL: z.url({ error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65_535).default(54329),
});

type AdminConfig = { databaseUrl: string };

/** The settings of the command, validated once; the embedded database when DATABASE_URL is unset. */
function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const { DATABASE_URL, EMBEDDED_PG_PORT } = parsed.data;
  // The embedded server's fixed credentials and database (scripts/lib/postgres.ts).
  return { databaseUrl: DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PG_PORT}/app` };
}

async function unlock(databaseUrl: string, identifier: string): Promise<number> {
  const client = createDb(databaseUrl, { max: 1, applicationName: 'admin-cli' });
  try {
    const lowered = identifier.trim().toLowerCase();
    const [user] = await client.sql<{ id: string; username: string }[]>`
      select id, username from users where lower(username) = ${lowered} or lower(email) = ${lowered} limit 1`;
    if (!user) {
      console.error(`No account has the username or email "${identifier}".`);
      return 1;
    }
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
  } finally {
    await client.close();
  }
}

const [command, ...args] = process.argv.slice(2);
if (command !== 'unlock' || args.length !== 1 || !args[0]?.trim()) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadAdminConfig();
try {
  process.exit(await unlock(config.databaseUrl, args[0]));
} catch (error) {
  const code = typeof error === 'object' && error && 'code' in error ? ` (${String(error.code)})` : '';
  console.error(`unlock failed${code}: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Is `pnpm start` running, or DATABASE_URL set to the platform database?');
  process.exit(2);
}
