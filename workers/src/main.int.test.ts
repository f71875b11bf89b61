import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@app/db/testing';
import { bullPrefix, JOB_SCHEDULERS, QUEUES, SETTLEMENT_SCHEDULERS } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { readHeartbeats } from './jobs/heartbeat.ts';
import { createQueue } from './queues.ts';
import { startWorkerProcess } from './testing/worker-process.ts';

function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  describeState: () => string,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined || value === false) {
        throw new Error(`timed out waiting for ${what}\n${describeState()}`);
      }
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

const redis = new Redis(inject('redisUrl'));
const prefix = `${inject('redisPrefix')}workers-main-${randomBytes(3).toString('hex')}:`;
const children: ChildProcess[] = [];
// A database of its own: the process's reconciler settles every overdue running trade it finds.
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined,
    ),
  );
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await database?.drop();
});

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/**
 * What `pnpm --filter @app/workers start` runs, as node's argument list: the package's build
 * first (its bundle, scripts/lib/servers.ts; once for both tests), then its start script, paths
 * made absolute.
 */
let built: string[] | undefined;
function builtStartCommand(): string[] {
  built ??= buildAndReadStart();
  return built;
}

function buildAndReadStart(): string[] {
  const pkg = JSON.parse(readFileSync(`${PACKAGE}package.json`, 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [buildNode, ...buildArgs] = pkg.scripts.build?.split(' ') ?? [];
  const [startNode, ...startArgs] = pkg.scripts.start?.split(' ') ?? [];
  if (buildNode !== 'node' || startNode !== 'node') throw new Error('build and start should run node');
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const build = spawnSync(
    process.execPath,
    buildArgs.map((a) => (a === 'tsx' ? tsx : a)),
    { cwd: PACKAGE, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  return startArgs.map((a) => (a.startsWith('-') ? a : `${PACKAGE}${a}`));
}

describe.each([
  { launch: 'from source (tsx)', command: () => undefined },
  { launch: 'as pnpm start runs it (the bundle)', command: builtStartCommand },
])('workers process, $launch', ({ command }) => {
  it('starts, runs the heartbeat job, and exits 0 soon after SIGTERM', async () => {
    const proc = startWorkerProcess(
      {
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'debug',
        HEARTBEAT_EVERY_MS: '500',
        // Market ingestion has tests of its own (market/*.test.ts); here it would only reach for Binance.
        MARKET_ENABLED: 'false',
      },
      { command: command() },
    );
    children.push(proc.child);
    const state = () =>
      `stdout:\n${proc.logs.map((l) => JSON.stringify(l)).join('\n')}\nstderr:\n${proc.stderr()}`;

    const ready = await waitFor(
      'the ready log',
      () => proc.logs.find((l) => l.msg === 'workers ready'),
      20_000,
      state,
    );
    expect(ready.bullPrefix).toBe(bullPrefix(prefix));
    const workerId = String(ready.workerId);
    expect(workerId).toMatch(/:\d+$/);

    // Two heartbeats: the scheduler keeps repeating, not just the first run.
    await waitFor(
      'two heartbeat jobs',
      () =>
        proc.logs.filter((l) => l.msg === 'job completed' && l.job === 'heartbeat').length >= 2 || undefined,
      10_000,
      state,
    );
    const beats = await readHeartbeats(redis, prefix);
    expect(beats.map((b) => b.workerId)).toContain(workerId);
    expect(Date.now() - beats[0]!.at).toBeLessThan(5_000);
    // The queue lives under the run's prefix, not BullMQ's global default.
    expect(await redis.exists(`${bullPrefix(prefix)}:maintenance:meta`)).toBe(1);
    // The tick archive housekeeping is scheduled as well.
    const queue = createQueue(QUEUES.maintenance, redis, prefix);
    try {
      const scheduler = await queue.getJobScheduler(JOB_SCHEDULERS.tickPartitions);
      expect(scheduler?.template?.data).toEqual({ daysAhead: 2, keepDays: 30 });
    } finally {
      await queue.close();
    }
    // Settlement consumes its queue, with the reconciler scheduled.
    expect(ready.queues).toEqual([QUEUES.maintenance, QUEUES.mail, QUEUES.settlement]);
    const settlement = createQueue(QUEUES.settlement, redis, prefix);
    try {
      const reconcile = await settlement.getJobScheduler(SETTLEMENT_SCHEDULERS.reconcile);
      expect(reconcile?.every).toBe(5_000);
      expect(reconcile?.template?.data).toEqual({ graceMs: 3_000 });
    } finally {
      await settlement.close();
    }

    const signalledAt = Date.now();
    proc.child.kill('SIGTERM');
    const exit = await Promise.race([
      proc.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no exit within 10 s\n${state()}`)), 10_000),
      ),
    ]);
    expect(exit, state()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(proc.logs.some((l) => l.msg === 'workers stopped')).toBe(true);
    expect(proc.stderr()).toBe('');
  });

  it('refuses to start with a bad environment and names the variables', async () => {
    const proc = startWorkerProcess(
      { REDIS_URL: 'localhost:6379', LOG_LEVEL: 'info' },
      { command: command() },
    );
    children.push(proc.child);
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    expect(proc.stderr()).toMatch(/REDIS_URL must be a redis:\/\//);
    expect(proc.stderr()).toMatch(/DATABASE_URL is required/);
  });
});
