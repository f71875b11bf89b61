/**
 * The platform as `pnpm start` runs it, for the benchmarks that measure through its public
 * port: scripts/start.ts as a child process on a fresh database and Redis prefix, with the
 * launcher's defaults (gateway count, front, LOG_LEVEL) unless a benchmark passes a setting.
 * Its output goes to a file, as `pnpm start > file` would send it: at the default log level a
 * gateway writes a line per request, which a pipe read by the benchmark would have to carry.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { cmdline, descendants } from '../lib/proc.ts';
import { SERVERS } from '../lib/servers.ts';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 45_000;

export type BenchPlatform = {
  /** PORT: the launcher's front. */
  url: string;
  /** Each gateway's own loopback address, in the launcher's order. */
  gateways: string[];
  /** The JWT secret the platform signs with: the benchmark signs its users' tokens with it. */
  secret: string;
  database: { url: string; name: string };
  redisPrefix: string;
  /**
   * Where the launcher and its processes write their output: removed by `stop` (at the
   * default log level it grows by a line per request), kept when the start fails.
   */
  logFile: string;
  /** The launcher and the processes it started, looked up now (a restarted one has a new pid). */
  pids: () => { launcher: number; gateways: Map<string, number>; workers: number[] };
  stop: () => Promise<void>;
};

export type BenchPlatformOptions = {
  /** Names the temporary directory. */
  name: string;
  adminDatabaseUrl?: string;
  redisUrl: string;
  /** Settings for the launcher and the processes it starts, over the defaults below. */
  env?: Record<string, string>;
};

/** The fields of the first `KIND a=1 b=2` line scripts/start.ts printed (values %-encoded). */
function machineLine(text: string, kind: string): Record<string, string> | undefined {
  const line = new RegExp(`^${kind} (.*)$`, 'm').exec(text)?.[1];
  if (line === undefined) return undefined;
  return Object.fromEntries(
    [...line.matchAll(/(\w+)=(\S*)/g)].map(([, k, v]) => [k, decodeURIComponent(v ?? '')]),
  );
}

/** A process's PORT setting (its environment at start), if it has one. */
function portOf(pid: number): string | undefined {
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return env.find((v) => v.startsWith('PORT='))?.slice('PORT='.length);
  } catch {
    return undefined;
  }
}

export async function startBenchPlatform(options: BenchPlatformOptions): Promise<BenchPlatform> {
  const database = await createTestDatabase(options.adminDatabaseUrl ?? DEFAULT_TEST_ADMIN_URL);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `bench-${options.name}-`));
  const logFile = join(dir, 'launcher.log');
  const secret = randomBytes(32).toString('hex');
  const redisPrefix = `bench:${options.name}:${randomBytes(4).toString('hex')}:`;
  // The launcher's own defaults decide what users get: the gateway count and the log level.
  const { GATEWAY_PROCESSES: _count, LOG_LEVEL: _level, ...inherited } = process.env;
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, 'scripts/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...inherited,
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: redisPrefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      DATA_DIR: join(dir, 'data'),
      // The web app's build is the same whoever serves it; a missing one is built once.
      SKIP_WEB_BUILD: existsSync(join(ROOT, 'web', 'dist', 'index.html')) ? '1' : '0',
      SMTP_URL: '',
      MAILDEV_SMTP_PORT: '0',
      MAILDEV_WEB_PORT: '0',
      NO_COLOR: '1',
      ...options.env,
    },
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanup = async (keepLog: boolean) => {
    await database.drop().catch(() => {});
    await deleteRedisPrefix(options.redisUrl, redisPrefix).catch(() => 0);
    rmSync(keepLog ? join(dir, 'data') : dir, { recursive: true, force: true });
  };
  const stop = async (keepLog = false) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), STOP_TIMEOUT_MS)),
      ]);
      if (code === 'timeout') child.kill('SIGKILL');
    }
    await cleanup(keepLog);
  };

  const output = () => readFileSync(logFile, 'utf8');
  let url: string | undefined;
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!url) {
      const text = output();
      url = machineLine(text, 'READY')?.url;
      if (url) break;
      const failed = machineLine(text, 'FAILED')?.reason;
      if (failed || child.exitCode !== null)
        throw new Error(`the launcher stopped: ${failed ?? child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`no READY within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop(true);
    throw new Error(`${err instanceof Error ? err.message : String(err)}; see ${logFile}`);
  }

  const pids = () => {
    const launcher = child.pid ?? 0;
    const gateways = new Map<string, number>();
    const workers: number[] = [];
    for (const pid of descendants(launcher)) {
      const command = cmdline(pid);
      if (command.includes(SERVERS.gateway.bundle)) gateways.set(`http://127.0.0.1:${portOf(pid)}`, pid);
      else if (command.includes(SERVERS.workers.bundle)) workers.push(pid);
    }
    return { launcher, gateways, workers };
  };
  // The launcher names its gateways' own addresses; one that does not (a single gateway on
  // PORT itself) is measured directly at its own PORT setting.
  const named = machineLine(output(), 'GATEWAYS')?.urls;
  const gateways = named ? named.split(',').filter(Boolean) : [...pids().gateways.keys()];
  return { url, gateways, secret, database, redisPrefix, logFile, pids, stop: () => stop() };
}
