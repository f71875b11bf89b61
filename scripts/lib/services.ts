import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Exit } from './processes.ts';

/** True when something accepts TCP connections on host:port within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The URL with its password masked, for messages. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export function urlReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port) || (u.protocol.startsWith('redis') ? 6379 : 5432);
  return canConnect(u.hostname, port);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export type StartedRedis = {
  url: string;
  port: number;
  /** Ask it to stop (SIGTERM); `exited` settles when it has. */
  stop: () => void;
  exited: Promise<Exit>;
  child: ChildProcess;
};

export type LocalRedisOptions = {
  /** Fixed port; default a free one. */
  port?: number;
  /**
   * Own process group, so a terminal's Ctrl-C reaches only the launcher, which stops
   * Redis after the processes that use it (`pnpm start`).
   */
  detached?: boolean;
  /** The variable that names a Redis of the user's own, for the message when none is installed. */
  setting?: string;
  /**
   * Keep the data in an append-only file under `dataDir`, written to disk every second, so that
   * queued jobs and keys survive a restart of the server (`pnpm start`). Default: nothing on disk.
   */
  appendOnly?: boolean;
};

/**
 * Start a private `redis-server` (noeviction and hz 100 as BullMQ wants; no persistence unless
 * `appendOnly`), or explain how to get one.
 */
export async function startLocalRedis(
  dataDir: string,
  options: LocalRedisOptions = {},
): Promise<StartedRedis> {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.stdout.trim();
  if (!bin) {
    throw new Error(
      `No Redis found: set ${options.setting ?? 'REDIS_URL'} to a running Redis 6.2+, or install one (Debian/Ubuntu: \`sudo apt-get install -y redis-server\`; macOS: \`brew install redis\`).`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      options.appendOnly ? 'yes' : 'no',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
      '--hz',
      '100',
      '--dir',
      dataDir,
      '--logfile',
      join(dataDir, 'redis.log'),
    ],
    { stdio: 'ignore', detached: options.detached ?? false },
  );
  const exited = new Promise<Exit>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await canConnect('127.0.0.1', port, 200)) {
      return { url: `redis://127.0.0.1:${port}`, port, stop: () => child.kill('SIGTERM'), exited, child };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}; see ${join(dataDir, 'redis.log')}`);
}

/** Delete every key under `prefix` (a test run's namespace); returns how many went. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<number> {
  if (!prefix) throw new Error('refusing to delete every key: empty prefix');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, disableClientInfo: true });
  redis.on('error', () => {});
  let deleted = 0;
  try {
    await redis.connect();
    // Glob characters in the prefix must match themselves.
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
