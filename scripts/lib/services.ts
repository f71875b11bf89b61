import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

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

export type StartedRedis = { url: string; stop: () => void };

/**
 * Start a private `redis-server` (no persistence, noeviction, hz 100 as BullMQ wants),
 * or explain how to get one.
 */
export async function startLocalRedis(dataDir: string): Promise<StartedRedis> {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.stdout.trim();
  if (!bin) {
    throw new Error(
      'No Redis found: set REDIS_URL to a running Redis 6.2+, or install one (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`).',
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--hz', '100', '--dir', dataDir, '--logfile', join(dataDir, 'redis.log')],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    if (await canConnect('127.0.0.1', port, 200)) {
      return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}; see ${join(dataDir, 'redis.log')}`);
}
