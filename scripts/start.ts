/**
 * `pnpm start`: the whole platform on this machine, in one command.
 *
 * Postgres (DATABASE_URL or an embedded server) → Redis (REDIS_URL or a local redis-server)
 * → migrations → seed → web build → gateways + workers → wait for /api/health → print the URL.
 * GATEWAY_PROCESSES gateways (one per core but one by default), each on a loopback port of its own; this
 * process listens on PORT and hands each client connection, unread, to one of them, each client
 * address kept on one gateway (scripts/lib/gateway-front.ts, ADR 0023).
 * SIGINT, SIGTERM or SIGHUP (Ctrl-C) stops everything it started, in order, and exits 0; a
 * second one during that stop kills the gateway and the workers at once (Redis and Postgres
 * are still stopped and waited for) and exits 130. A gateway or workers process that dies is
 * restarted after a pause, and so are the Redis and the embedded PostgreSQL it started itself
 * (on the same port and data: Redis keeps an append-only file); one that keeps dying
 * (RESTART_LIMIT, RESTART_WINDOW_SECONDS) stops everything and the launcher exits 1.
 *
 * `pnpm start` runs this with `exec` (package.json), so that the signal pnpm forwards reaches
 * this process and not a shell that would die of it (docs/architecture.md, "Starting and
 * stopping").
 *
 * Besides the human-readable output it prints lines a harness can parse, each at the start
 * of a line (in values, '%' and white space are %-encoded):
 *   SEEDED superadmin=<username> referralKey=<code>   (only the parts the seed just created)
 *   MAIL inbox=<web inbox url> smtp=<smtp url>   (only with the embedded mail catcher)
 *   GATEWAYS urls=<each gateway's own URL, comma-separated>   (just before READY)
 *   READY url=<base url>
 *   STARTED process=<gateway|gateway-<n>|workers|redis|postgres> pid=<pid>   (each time one starts)
 *   RESTARTING process=<gateway|gateway-<n>|workers|redis|postgres> reason=<exit> failures=<n> delayMs=<ms>
 *   FAILED reason=<text>
 *   STOPPED code=<exit code>
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, runMigrations, type SeedResult, seed } from '@app/db';
import { stop as stopEsbuild } from 'esbuild';
import { createGatewayFront, type GatewayFront } from './lib/gateway-front.ts';
import type { MailCatcher } from './lib/mail-catcher.ts';
import { ensureDatabase, type StartedPostgres, startEmbedded } from './lib/postgres.ts';
import { type Exit, type Managed, paint, runStep, spawnManaged } from './lib/processes.ts';
import { buildServers, serverCommand } from './lib/servers.ts';
import { freePort, type StartedRedis, startLocalRedis, urlReachable } from './lib/services.ts';
import {
  loadStartConfig,
  localRedisUrlFile,
  type StartConfig,
  StartConfigError,
} from './lib/start-config.ts';

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

/** A one-off step's process (the web build), stopped with the rest. */
const children: Managed[] = [];
/** The gateways and the workers: restarted when they die (supervise()). */
const supervised: Supervised<Managed>[] = [];
/** Redis and PostgreSQL when the launcher started them: restarted on their ports and data (supervise()). */
const services: Supervised<Running>[] = [];
let redis: StartedRedis | undefined;
let postgres: StartedPostgres | undefined;
/** The public port, handing each connection to a gateway. */
let frontDoor: GatewayFront | undefined;
/** The embedded mail catcher, when SMTP_URL is unset. */
let mailCatcher: MailCatcher | undefined;
/** Postgres or Redis being started: shutdown waits for them, so it can stop what they start. */
const starting = new Set<Promise<unknown>>();
let stopping = false;
/** A second signal came during shutdown: nothing waits for the processes to finish their work. */
let hurried = false;
/** The gateway answered its health check once: from then on a process that dies is restarted. */
let ready = false;

/** Each bounded so that a stop, in the worst case, ends within 30 s. */
const PROCESS_STOP_MS = 15_000;
const REDIS_STOP_MS = 3_000;

const isRunning = (child: { exitCode: number | null; signalCode: NodeJS.Signals | null }) =>
  child.exitCode === null && child.signalCode === null;

async function shutdown(code: number, reason: string): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  if (code !== 0) machine('FAILED', { reason });
  say(code === 0 ? `stopping (${reason})…` : paint(31, `stopping: ${reason}`));
  for (const s of [...supervised, ...services]) clearTimeout(s.restart);
  // What is still starting is stopped with the rest once it is up.
  await Promise.allSettled([...starting]);
  // No new clients; those connected stay with their gateways while these finish.
  await frontDoor?.close();
  // Gateway and workers first: they finish their requests and jobs while Redis and Postgres are still up.
  await Promise.all(
    [...children, ...supervised.flatMap((s) => (s.current ? [s.current] : []))].map((c) =>
      c.stop(PROCESS_STOP_MS),
    ),
  );
  // After the workers: their last emails went to it.
  await mailCatcher?.stop().catch(() => {});
  if (redis) {
    if (hurried) redis.child.kill('SIGKILL');
    else redis.stop();
    await Promise.race([redis.exited, new Promise((r) => setTimeout(r, REDIS_STOP_MS).unref())]);
    if (isRunning(redis.child)) redis.child.kill('SIGKILL');
    await redis.exited;
  }
  await postgres?.stop();
  const exitCode = hurried && code === 0 ? 130 : code;
  say(code === 0 ? 'stopped' : paint(31, 'stopped after a failure'));
  machine('STOPPED', { code: exitCode });
  process.exit(exitCode);
}

/**
 * A terminal's Ctrl-C reaches the launcher twice under `pnpm start` (the terminal signals the
 * whole foreground process group, and pnpm forwards it as well): a second signal counts as
 * "again" only after this long.
 */
const SAME_SIGNAL_MS = 1_500;
let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!firstSignalAt) {
      firstSignalAt = Date.now();
      void shutdown(0, `${signal}; press Ctrl-C again to stop at once`);
      return;
    }
    if (hurried || Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    // "Now": the gateway and the workers are killed, Redis and Postgres still stopped and
    // waited for (they stop in a moment with no clients), so nothing is left running.
    hurried = true;
    say(paint(33, 'killing the gateway and the workers now'));
    for (const c of children) c.kill();
    for (const s of supervised) s.current?.kill();
  });
}
// A terminal that closed (SIGHUP) fails every later write: the stop goes on without output
// rather than crash half-way.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
// Last resort when the launcher itself crashes: leave no orphaned process groups behind
// (startEmbedded's exit hook asks the embedded PostgreSQL to stop).
process.on('exit', () => {
  for (const c of children) c.kill();
  for (const s of supervised) s.current?.kill();
  if (redis && isRunning(redis.child)) redis.child.kill('SIGKILL');
});

/** A process the launcher keeps running: a gateway, the workers, and Redis and PostgreSQL when it started them. */
type Running = { name: string; pid: number | undefined; exited: Promise<Exit> };

type Supervised<T extends Running> = {
  /** As the RESTARTING and STARTED lines name it. */
  name: string;
  /** As messages name it ("the workers"). */
  role: string;
  start: () => T | Promise<T>;
  current?: T;
  /** When it died unexpectedly, within the restart window. */
  failures: number[];
  restart?: NodeJS.Timeout;
};

/** Pause before a restart: doubles with each failure in the window. */
const restartDelayMs = (failures: number) => Math.min(500 * 2 ** Math.max(0, failures - 1), 15_000);

/**
 * Keep a process running: one that dies (or, started again, fails to come up) is started again
 * after a pause, and the event is logged; one that keeps dying (more than RESTART_LIMIT times
 * within RESTART_WINDOW_SECONDS) stops the platform. `first`: already started (Redis and
 * PostgreSQL, started before anything that needs them).
 */
function supervise<T extends Running>(
  list: Supervised<T>[],
  entry: Omit<Supervised<T>, 'failures'>,
  config: StartConfig,
  first?: T,
) {
  const kept: Supervised<T> = { ...entry, failures: [] };
  list.push(kept);
  const died = (how: string) => {
    if (stopping) return;
    // Before the platform was ever up, a death is a start-up failure (a bad setting, a
    // port in use) that a restart would only repeat.
    if (!ready) {
      void shutdown(1, `${kept.role} exited during start-up (${how})`);
      return;
    }
    const now = Date.now();
    const windowMs = config.RESTART_WINDOW_SECONDS * 1000;
    kept.failures = [...kept.failures.filter((at) => now - at < windowMs), now];
    const count = kept.failures.length;
    if (count > config.RESTART_LIMIT) {
      const times = count === 1 ? 'once' : `${count} times within ${config.RESTART_WINDOW_SECONDS} s`;
      void shutdown(1, `${kept.role} exited unexpectedly (${how}), ${times}`);
      return;
    }
    const delay = restartDelayMs(count);
    say(
      paint(
        33,
        `${kept.role} exited unexpectedly (${how}); restarting it in ${delay} ms (failure ${count} of at most ${config.RESTART_LIMIT} within ${config.RESTART_WINDOW_SECONDS} s)`,
      ),
    );
    machine('RESTARTING', { process: kept.name, reason: how, failures: count, delayMs: delay });
    kept.restart = setTimeout(() => {
      kept.restart = undefined;
      if (!stopping) void run();
    }, delay);
  };
  const watch = (running: T) => {
    kept.current = running;
    machine('STARTED', { process: kept.name, pid: running.pid ?? 0 });
    void running.exited.then(({ code, signal }) => died(signal ?? `exit code ${code}`));
  };
  const run = async () => {
    let running: T;
    try {
      running = await whileStarting(Promise.resolve().then(kept.start));
    } catch (err) {
      say(paint(33, `${kept.role} did not start again: ${err instanceof Error ? err.message : String(err)}`));
      died('start failed');
      return;
    }
    watch(running);
  };
  if (first) watch(first);
  else void run();
}

// ---------------------------------------------------------------------------------------------

/** A failure with a message that already tells the user what to do (no stack trace). */
class Problem extends Error {}
const asProblem = (err: unknown): never => {
  throw new Problem(err instanceof Error ? err.message : String(err));
};

/**
 * A server being started (it records itself in `postgres` or `redis` before this settles): a
 * shutdown meanwhile waits for it, then stops it with the rest.
 */
function whileStarting<T>(promise: Promise<T>): Promise<T> {
  starting.add(promise);
  promise.then(
    () => starting.delete(promise),
    () => starting.delete(promise),
  );
  return promise;
}

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
  // Started again after a crash on the same port and data (its own crash recovery): the
  // gateways' and workers' DATABASE_URL stays right.
  const start = () =>
    startEmbedded(dir, config.EMBEDDED_PG_PORT).then((pg) => {
      postgres = pg;
      return { ...pg, name: 'postgres' };
    });
  const started = await whileStarting(start()).catch(asProblem);
  supervise(services, { name: 'postgres', role: 'the embedded PostgreSQL', start }, config, started);
  return started.url;
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
  const dir = join(config.DATA_DIR, 'redis');
  // An append-only file, so that queued jobs and keys outlive a crash; started again on the
  // same port, which the gateways' and workers' REDIS_URL names.
  const start = (port?: number) =>
    startLocalRedis(dir, { detached: true, appendOnly: true, port }).then((r) => {
      redis = r;
      return { ...r, name: 'redis', pid: r.child.pid };
    });
  const started = await whileStarting(start()).catch(asProblem);
  supervise(
    services,
    { name: 'redis', role: 'redis-server', start: () => start(started.port) },
    config,
    started,
  );
  // For `pnpm admin`, which tells the running gateways through it.
  writeFileSync(localRedisUrlFile(config), `${started.url}\n`);
  say(`Redis: started redis-server at ${started.url}`);
  return started.url;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

const isLocal = (config: StartConfig) => ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.HOST);

/** The address a person opens (the box's first line; the emails' links). */
function publicUrl(config: StartConfig): string {
  if (isLocal(config)) return `http://localhost:${config.PORT}`;
  return `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
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

/** Descriptors a gateway keeps for other things than its clients (pools, Redis, files). */
const GATEWAY_OWN_FILES = 200;
/** The client connections a gateway is measured to hold (docs/performance.md, fan-out). */
const SOCKETS_PER_GATEWAY = 10_000;

/** The hard limit on open files of this process (which its children inherit), when Linux says. */
function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const hard = line?.trim().split(/\s+/)[4];
    if (hard === 'unlimited') return Number.POSITIVE_INFINITY;
    return hard ? Number(hard) : undefined;
  } catch {
    return undefined;
  }
}

/** What the open-file limit allows each gateway, said at start (a gateway needs one per client). */
function sayOpenFiles(count: number) {
  const hard = openFilesLimit();
  if (hard === undefined) return;
  const clients = hard - GATEWAY_OWN_FILES;
  const each = Number.isFinite(clients) ? `about ${clients.toLocaleString('en')}` : 'any number of';
  const text = `open files: up to ${Number.isFinite(hard) ? hard : 'unlimited'} per process; each gateway can hold ${each} client connections (the front keeps none once handed over), ${count} gateway${count === 1 ? '' : 's'}`;
  if (clients < SOCKETS_PER_GATEWAY) {
    say(
      paint(
        33,
        `${text}: below the ${SOCKETS_PER_GATEWAY.toLocaleString('en')} a gateway is sized for; raise the hard limit (ulimit -Hn, LimitNOFILE) for more clients`,
      ),
    );
  } else say(text);
}

/**
 * Start and supervise the gateways, each on a loopback port of its own, behind the front on
 * PORT that hands every client connection to one of them (scripts/lib/gateway-front.ts). Resolves
 * with the URL of each gateway's own port.
 */
async function startGateways(
  config: StartConfig,
  env: NodeJS.ProcessEnv,
  webDist: string,
): Promise<string[]> {
  const count = config.GATEWAY_PROCESSES;
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port) && port !== config.PORT) ports.push(port);
  }
  const front = createGatewayFront(count);
  await front.listen(config.PORT, config.HOST).catch((err: unknown) => {
    throw new Problem(
      `cannot listen on ${config.HOST}:${config.PORT} (${err instanceof Error ? err.message : String(err)}): set PORT to a free port`,
    );
  });
  frontDoor = front;
  say(
    `${count} gateway${count === 1 ? '' : 's'} (GATEWAY_PROCESSES) on 127.0.0.1:${ports.join(', :')}, each client connection on port ${config.PORT} handed to one`,
  );
  sayOpenFiles(count);
  const gatewayEnv = {
    ...env,
    WEB_DIST: webDist,
    VOUCHER_DIR: config.VOUCHER_DIR,
    GATEWAY_FRONT: 'launcher',
  };
  ports.forEach((port, index) => {
    const name = count === 1 ? 'gateway' : `gateway-${index + 1}`;
    supervise(
      supervised,
      {
        name,
        role: count === 1 ? 'the gateway' : `gateway ${index + 1}`,
        start: () => {
          const managed = spawnManaged(name, process.execPath, serverCommand('gateway'), {
            cwd: ROOT,
            env: { ...gatewayEnv, PORT: String(port), HOST: '127.0.0.1' },
            // A line per request: written by the gateway itself, pretty only at a terminal (LOG_FORMAT).
            inherit: true,
            ipc: true,
          });
          front.follow(index, managed.child, port, managed.exited);
          return managed;
        },
      },
      config,
    );
  });
  return ports.map((port) => `http://127.0.0.1:${port}`);
}

/**
 * Where the workers send email: SMTP_URL, else a mail catcher started here (maildev, loaded
 * only then: a deployment with its own SMTP server does not need it).
 */
async function startMail(config: StartConfig): Promise<string> {
  if (config.SMTP_URL) {
    say(`Mail: ${redact(config.SMTP_URL)}`);
    return config.SMTP_URL;
  }
  const { startMailCatcher } = await import('./lib/mail-catcher.ts');
  const ports = { smtpPort: config.MAILDEV_SMTP_PORT, webPort: config.MAILDEV_WEB_PORT };
  // The usual ports may be another platform's on this machine (a second checkout, a test run):
  // unless they were asked for, any free ones will do, since the box names the inbox.
  const chosen = Boolean(process.env.MAILDEV_SMTP_PORT || process.env.MAILDEV_WEB_PORT);
  mailCatcher = await startMailCatcher(ports)
    .catch((err: unknown) => {
      if (chosen) throw err;
      return startMailCatcher({ smtpPort: 0, webPort: 0 });
    })
    .catch((err: unknown) => {
      throw new Problem(
        `the mail catcher cannot listen on ports ${ports.smtpPort} and ${ports.webPort} (${err instanceof Error ? err.message : String(err)}): set MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT to free ports (0: any), or SMTP_URL to a mail server`,
      );
    });
  say(`Mail: every email goes to the mail catcher (inbox ${mailCatcher.inboxUrl})`);
  return mailCatcher.smtpUrl;
}

async function main() {
  const config = loadStartConfig(process.env, ROOT);
  mkdirSync(config.DATA_DIR, { recursive: true });

  const databaseUrl = await unlessStopping(() => startPostgres(config));
  const redisUrl = await unlessStopping(() => startRedis(config));
  const smtpUrl = await unlessStopping(() => startMail(config));
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
  // esbuild keeps a service process for later builds; the launcher makes none, and a platform
  // that stops must leave no process behind.
  await stopEsbuild();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: config.REDIS_PREFIX,
    JWT_SECRET: secret,
    LOG_LEVEL: config.LOG_LEVEL,
    SMTP_URL: smtpUrl,
    // The links in emails lead to the web app as the box below names it.
    PUBLIC_URL: process.env.PUBLIC_URL || publicUrl(config),
  };
  if (stopping) return;
  const gateways = await unlessStopping(() => startGateways(config, env, webDist));
  supervise(
    supervised,
    {
      name: 'workers',
      role: 'the workers',
      start: () => spawnManaged('workers', process.execPath, serverCommand('workers'), { cwd: ROOT, env }),
    },
    config,
  );

  const local = isLocal(config);
  const url = `http://${local ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  // Each gateway on its own port, then the public port: every one of them serves before READY.
  for (const gateway of gateways) await waitForHealth(gateway);
  await waitForHealth(url);
  ready = true;
  machine('GATEWAYS', { urls: gateways.join(',') });

  const lines = [`CoinPulse is running: ${publicUrl(config)}`, `API docs: ${url}/api/docs`];
  if (mailCatcher) lines.push(`Mail inbox: ${mailCatcher.inboxUrl}  (every email the platform sends)`);
  if (seeded.superadmin) {
    const s = seeded.superadmin;
    lines.push(
      '',
      'Superadmin (created just now; shown only this once):',
      `  login:    ${s.username}  (or ${s.email})`,
      `  password: ${s.generated ? s.password : '(the one in SUPERADMIN_PASSWORD)'}`,
      '  first sign-in: asks to set up two-factor sign-in with an authenticator app',
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
  if (mailCatcher) machine('MAIL', { inbox: mailCatcher.inboxUrl, smtp: mailCatcher.smtpUrl });
  machine('READY', { url });
}

main().catch((err: unknown) => {
  // Our own messages say what to do; anything else gets its stack for debugging.
  if (err instanceof Error && !(err instanceof Problem) && !(err instanceof StartConfigError)) {
    process.stderr.write(`${err.stack ?? err.message}\n`);
  }
  void shutdown(1, err instanceof Error ? err.message : String(err));
});
