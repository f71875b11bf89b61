/** Helpers every benchmark uses: percentiles, and the processes a benchmark starts. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Db, users } from '@app/db';
import { serverCommand } from '../lib/servers.ts';

/** The p-th percentile of an ascending array (nearest rank). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : '-');

/** SIGTERM, SIGKILL after 5 s; resolves once the child has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Poll the gateway's `/api/health` until it answers 200. */
export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway not healthy within ${timeoutMs} ms`);
}

/** A token as the gateway signs it (HS256 over { sub, role, tv }), valid for an hour. */
export function signToken(secret: string, sub: string, tv: number, role: 'user' | 'admin' = 'user'): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, role, tv, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export type BenchUser = { id: string; token: string };

/**
 * `count` users added to a benchmark's fresh database in one statement, each with a token as
 * the gateway signs one (nobody logs in with their password).
 */
export async function benchUsers(db: Db, secret: string, count: number): Promise<BenchUser[]> {
  if (count === 0) return [];
  const tag = randomBytes(3).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstName: 'Bench',
        lastName: 'User',
        username: `bench_${tag}_${i}`,
        email: `bench_${tag}_${i}@example.com`,
        passwordHash: 'bench',
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  return rows.map((u) => ({ id: u.id, token: signToken(secret, u.id, u.tokenVersion) }));
}

/** One benchmark user (benchUsers). */
export async function benchReader(db: Db, secret: string): Promise<BenchUser> {
  const [user] = await benchUsers(db, secret, 1);
  if (!user) throw new Error('no user row');
  return user;
}

/** Extra node arguments from the environment variable `name` (space-separated; none when unset). */
export const nodeArgsFromEnv = (name: string): string[] =>
  (process.env[name] ?? '').split(/\s+/).filter(Boolean);

/**
 * A real gateway process, run as `pnpm start` runs it (its bundle, built by `pnpm bench` first),
 * on 127.0.0.1:`port`, logging errors only, serving no web app; `nodeArgs` are extra node
 * arguments (e.g. `--cpu-prof`), `settings` extra gateway settings (docs/configuration.md),
 * such as SOCKET_MAX_CONNECTIONS_PER_IP for a benchmark that opens many sockets from one address.
 */
export function startGateway(
  env: { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string; JWT_SECRET: string; port: number },
  nodeArgs: string[] = [],
  settings: Record<string, string> = {},
): ChildProcess {
  const { port, ...rest } = env;
  return spawn(process.execPath, serverCommand('gateway', nodeArgs), {
    env: {
      ...process.env,
      ...rest,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Errors only (a refused settle job would show); Redis < 7.2 warns about CLIENT SETINFO.
      LOG_LEVEL: 'error',
      WEB_DIST: '',
      ...settings,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * CPU time (ms) the given processes have run, all their threads, from the kernel's
 * per-task accounting (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds on a CPU); 0 for a
 * process that is gone, NaN where /proc has no such accounting (not Linux).
 */
function cpuMs(pids: readonly number[]): number {
  let ns = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      if (!existsSync('/proc/self/task')) return Number.NaN;
      continue;
    }
    for (const tid of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended in between
      }
    }
  }
  return ns / 1e6;
}

/** Pids of this machine's processes whose command line passes `test`. */
function processesWhere(test: (cmdline: string) => boolean): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** The pids of the Postgres backends connected to `database` on this machine (by their title). */
const postgresBackends = (database: string): number[] =>
  processesWhere((title) => title.startsWith('postgres:') && title.includes(` ${database} `));

/** The pids of the processes started as `program` (e.g. `redis-server`). */
export const processesNamed = (program: string): number[] =>
  processesWhere((cmdline) => (cmdline.split(/[\0 ]/)[0] ?? '').split('/').pop() === program);

/** CPU ms so far, by process name. */
export type CpuSample = Record<string, number>;

/**
 * A sampler of the CPU ms so far of the Postgres backends of `database` (as "postgres") and of
 * each named process (its pids; a pid that is gone counts 0). Backends are looked up at each
 * sample: a pool may open connections during the run.
 */
export function cpuSampler(database: string, processes: Record<string, readonly number[]>): () => CpuSample {
  return () => ({
    postgres: cpuMs(postgresBackends(database)),
    ...Object.fromEntries(Object.entries(processes).map(([name, pids]) => [name, cpuMs(pids)])),
  });
}

/** `to - from`, process by process. */
export const cpuSince = (from: CpuSample, to: CpuSample): CpuSample =>
  Object.fromEntries(Object.entries(to).map(([name, v]) => [name, v - (from[name] ?? Number.NaN)]));
