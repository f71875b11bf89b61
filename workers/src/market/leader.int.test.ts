import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type FeedStatus, marketKeys, type Tick } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../testing/worker-process.ts';
import { LeaderLock } from './leader.ts';
import { startFakeBinance } from './testing/fake-binance.ts';
import {
  captureLogger,
  deleteKeys,
  readJson,
  setNxAttempts,
  testSymbol,
  waitFor,
  watchCommands,
} from './testing/harness.ts';

const redis = new Redis(inject('redisUrl'));
const prefix = `${inject('redisPrefix')}market-leader-${randomBytes(3).toString('hex')}:`;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await deleteKeys(redis, prefix);
  await redis.quit();
});

function lock(key: string, id: string, ttlMs: number, events: string[]) {
  const conn = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 1 });
  const l = new LeaderLock({
    redis: conn,
    key,
    id,
    ttlMs,
    logger: captureLogger().logger,
    onAcquired: () => events.push(`${id} acquired`),
    onLost: () => events.push(`${id} lost`),
  });
  return { l, close: () => conn.quit() };
}

describe('market leader lock', () => {
  it('lets one worker lead; a standby takes over when the leader stops renewing', async () => {
    const key = `${prefix}unit-1`;
    const events: string[] = [];
    const a = lock(key, 'a', 600, events);
    const b = lock(key, 'b', 600, events);
    try {
      a.l.start();
      await waitFor('a to lead', () => a.l.isLeader);
      const watch = await watchCommands(redis);
      try {
        b.l.start();
        // b tries every ttl/3: its fifth attempt comes more than a ttl later, so a kept renewing.
        await waitFor('five attempts of b', () => setNxAttempts(watch.commands, key, 'b') >= 5, 5_000);
      } finally {
        watch.stop();
      }
      expect(b.l.isLeader).toBe(false);
      expect(await redis.get(key)).toBe('a');
      a.l.stop(); // a dies: no renewal, no release
      await waitFor('b to lead', () => b.l.isLeader, 3_000);
      expect(await redis.get(key)).toBe('b');
      expect(events).toEqual(['a acquired', 'b acquired']);
    } finally {
      a.l.stop();
      b.l.stop();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('stops leading at once when the lock is no longer its own, and releases only its own', async () => {
    const key = `${prefix}unit-2`;
    const events: string[] = [];
    const a = lock(key, 'a', 900, events);
    try {
      a.l.start();
      await waitFor('a to lead', () => a.l.isLeader);
      await redis.set(key, 'intruder', 'PX', 60_000);
      await waitFor('a to notice', () => !a.l.isLeader, 2_000);
      expect(events).toEqual(['a acquired', 'a lost']);
      a.l.stop();
      expect(await a.l.release()).toBe(false);
      expect(await redis.get(key)).toBe('intruder');
    } finally {
      a.l.stop();
      await a.close();
    }
  });

  it('hands ingestion over to another worker process when the leader is killed', async () => {
    const sym = testSymbol('LD');
    const fake = await startFakeBinance({ symbols: [`${sym}USDT`], generate: { tradeEveryMs: 50 } });
    const own = `${prefix}procs:`;
    const env = {
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: own,
      DATABASE_URL: inject('databaseUrl'),
      LOG_LEVEL: 'info',
      BINANCE_WS_URL: fake.wsUrl,
      BINANCE_REST_URL: fake.restUrl,
      MARKET_SYMBOLS: sym,
      MARKET_LEADER_TTL_MS: '1500',
      MARKET_CONNECT_TIMEOUT_MS: '2000',
    };
    const leaderKey = own + marketKeys.leader();
    const latest = () => readJson<Tick>(redis, own + marketKeys.price(sym));
    const start = async () => {
      const p = startWorkerProcess(env);
      children.push(p.child);
      const ready = await waitFor(
        'workers ready',
        () => p.logs.find((l) => l.msg === 'workers ready'),
        20_000,
        p.describe,
      );
      return { p, id: String(ready.workerId) };
    };
    let a: { p: WorkerProcess; id: string } | undefined;
    let b: { p: WorkerProcess; id: string } | undefined;
    const state = () => `A ${a?.p.describe()}\nB ${b?.p.describe()}`;
    try {
      a = await start();
      await waitFor('A to lead', async () => (await redis.get(leaderKey)) === a?.id, 10_000, state);
      await waitFor('ticks from A', async () => (await latest())?.source === 'binance', 10_000, state);
      const watch = await watchCommands(redis);
      try {
        b = await start();
        const bId = b.id;
        // B tries every ttl/3: its fourth attempt comes a whole ttl after its first.
        await waitFor(
          'four attempts of B',
          () => setNxAttempts(watch.commands, leaderKey, bId) >= 4,
          10_000,
          state,
        );
      } finally {
        watch.stop();
      }
      expect(await redis.get(leaderKey)).toBe(a.id);
      expect(b.p.logs.some((l) => l.msg === 'market leader: this worker ingests')).toBe(false);

      a.p.child.kill('SIGKILL');
      await a.p.exited;
      const killedAt = Date.now();
      await waitFor('B to lead', async () => (await redis.get(leaderKey)) === b?.id, 10_000, state);
      await waitFor(
        'ticks from B',
        async () => ((await latest())?.receivedAt ?? 0) > killedAt + 100,
        10_000,
        state,
      );
      expect(b.p.logs.some((l) => l.msg === 'market leader: this worker ingests')).toBe(true);

      // A graceful stop gives the lock up and says the feed is down.
      b.p.child.kill('SIGTERM');
      expect(await b.p.exited).toEqual({ code: 0, signal: null });
      expect(await redis.get(leaderKey)).toBeNull();
      expect((await readJson<FeedStatus>(redis, own + marketKeys.feed()))?.state).toBe('down');
      expect(b.p.stderr()).toBe('');
    } finally {
      await fake.close();
    }
  });
});
