import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { loadConfig, type WorkersConfig } from '../../config.ts';
import { createLogger, type Logger } from '../../logger.ts';

/** Helpers for tests of market ingestion (real Redis, Postgres and a fake Binance). */

export type LogLine = { level: number; msg: string; [k: string]: unknown };

/** A logger whose JSON lines tests can read. */
export function captureLogger(level: WorkersConfig['LOG_LEVEL'] = 'debug'): {
  logger: Logger;
  lines: LogLine[];
} {
  const lines: LogLine[] = [];
  const logger = createLogger(level, {
    write(line: string) {
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { logger, lines };
}

/** A unique coin symbol per test, so runs and files never share keys or archive rows. */
export function testSymbol(tag: string): string {
  return `${tag}${randomBytes(3).toString('hex')}`.toUpperCase();
}

/** The workers config of a test: fast timings, the run's Redis and database. */
export function testConfig(env: Record<string, string>): WorkersConfig {
  return loadConfig({
    LOG_LEVEL: 'debug',
    MARKET_LEADER_TTL_MS: '1500',
    MARKET_CONNECT_TIMEOUT_MS: '1000',
    MARKET_RECONNECT_BASE_MS: '50',
    MARKET_RECONNECT_MAX_MS: '300',
    MARKET_REST_FALLBACK_AFTER_MS: '200',
    MARKET_REST_POLL_MS: '200',
    MARKET_ARCHIVE_EVERY_MS: '200',
    MARKET_BINANCE_RETRY_MS: '0',
    SIMULATED_TICK_MS: '100',
    ...env,
  });
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  describe: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${describe()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function readJson<T>(redis: Redis, key: string): Promise<T | null> {
  const raw = await redis.get(key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

export async function deleteKeys(redis: Redis, prefix: string) {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
}

/**
 * Every command Redis executes from now on, from any client (MONITOR), as lower-case argument
 * lists: the positive signal that lets a test wait for attempts that must fail.
 */
export async function watchCommands(redis: Redis): Promise<{ commands: string[][]; stop: () => void }> {
  // A connection of its own in monitoring mode, as `redis.monitor()` makes one, but listening
  // for errors from the start: ioredis reports a monitor line it takes for a reply (around
  // entering and leaving monitoring mode) as "Command queue state error", and `monitor()` only
  // listens for the first one (it rejects), so a second was thrown at the test. The watch only
  // counts lines, and a caller waits for a count with a time limit, so a lost line or a broken
  // watch shows as that wait failing.
  const monitor = redis.duplicate({ monitor: true, lazyConnect: true });
  monitor.on('error', () => {});
  const commands: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[]) => {
    commands.push(args.map((a) => String(a).toLowerCase()));
  });
  // Not events.once: it rejects on the first 'error', which is that same report.
  const monitoring = new Promise<void>((resolve) => monitor.once('monitoring', () => resolve()));
  await monitor.connect();
  await monitoring;
  return { commands, stop: () => monitor.disconnect() };
}

/** How many `SET key value … NX` attempts a watch saw. */
export const setNxAttempts = (commands: string[][], key: string, value: string) =>
  commands.filter(
    ([name, k, v, ...rest]) =>
      name === 'set' && k === key.toLowerCase() && v === value.toLowerCase() && rest.includes('nx'),
  ).length;
