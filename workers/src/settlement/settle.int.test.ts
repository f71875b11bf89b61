import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkLedgerInvariants,
  getBalances,
  recomputeOutcome,
  settleTrade,
  type TradeRow,
  type TradeSettingTerms,
} from '@app/db';
import { toBalancesView } from '@app/shared';
import { type Job, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogger, type LogLine } from '../market/testing/harness.ts';
import { type RunningSettlement, startSettlement } from './index.ts';
import type { SettleJobResult } from './settle.job.ts';
import type { Settler } from './settle.ts';
import {
  addSettleJob,
  announceArchived,
  createSetting,
  createUser,
  deletePrefix,
  entriesByTrade,
  giveMoney,
  type IsolatedDb,
  isolatedDatabase,
  place,
  type RecordedSockets,
  settledLast,
  settlementConfig,
  settlementQueue,
  uniq,
  userSockets,
  waitFor,
  writeTick,
} from './testing/fixtures.ts';

const redisUrl = inject('redisUrl');
const prefix = `${inject('redisPrefix')}settle-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const E8 = 100_000_000n;

let database: IsolatedDb;
let sockets: RecordedSockets;
let settlement: RunningSettlement;
let queue: ReturnType<typeof settlementQueue>;
let queueEvents: QueueEvents;
let setting: TradeSettingTerms;
let userId: string;
/** More owners for the race, so the trades do not all queue on one ledger account. */
let owners: string[];
/** Owner of the trades settled last, to show that no event of the others comes after. */
let lastOwner: string;
let lines: LogLine[];
const cleanups: Array<() => Promise<unknown>> = [];
const logs = () => lines.map((l) => JSON.stringify(l)).join('\n');

const config = (env: Record<string, string> = {}) =>
  settlementConfig({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DATABASE_URL: database.url,
    // The reconciler stays out of these tests: every trade here is settled by its job.
    RECONCILE_GRACE_MS: '3600000',
    ...env,
  });

beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'));
  userId = await createUser(database.db);
  await giveMoney(database.db, userId, 10_000_000n);
  owners = await Promise.all([1, 2, 3, 4].map(() => createUser(database.db)));
  lastOwner = await createUser(database.db);
  await Promise.all([...owners, lastOwner].map((o) => giveMoney(database.db, o, 1_000_000n)));
  setting = await createSetting(database.db, 1, 40);
  sockets = await userSockets(redisUrl, prefix, [userId, ...owners, lastOwner]);
  const captured = captureLogger('debug');
  lines = captured.lines;
  settlement = await startSettlement({
    config: config(),
    logger: captured.logger,
    workerId: 'settle-test:1',
  });
  queue = settlementQueue(redis, prefix);
  queueEvents = new QueueEvents(queue.name, { connection: { url: redisUrl }, prefix: queue.opts.prefix });
  await queueEvents.waitUntilReady();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await settlement?.stop();
  await queueEvents?.close();
  await queue?.close();
  await sockets?.close();
  await deletePrefix(redis, prefix);
  await redis.quit();
  await database?.drop();
});

/** A running trade whose expiry has passed, with its exit tick and a later one in the archive. */
async function expiredTrade(o: { direction?: 'up' | 'down'; exitPriceE8: bigint; owner?: string }) {
  const symbol = uniq('S').toUpperCase();
  const t0 = Date.now() - 5_000;
  const entry = await writeTick(database.db, symbol, t0, 100n * E8);
  const trade = await place(database.db, {
    userId: o.owner ?? userId,
    setting,
    entry,
    direction: o.direction ?? 'up',
  });
  const expiry = trade.expiresAt.getTime();
  await writeTick(database.db, symbol, expiry - 200, o.exitPriceE8);
  await writeTick(database.db, symbol, expiry + 500, 1n);
  return trade;
}

async function finished(jobId: string, after = 0): Promise<Job> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const job = await queue.getJob(jobId);
      if (!job?.finishedOn || job.finishedOn <= after) return undefined;
      return job;
    },
    15_000,
    logs,
  );
}

describe('the settle job', () => {
  it('settles a trade once when its job runs twice, and tells the owner once', async () => {
    const trade = await expiredTrade({ exitPriceE8: 101n * E8 });
    const added = await addSettleJob(queue, trade);
    const first = await finished(added.id ?? '');
    expect(first.returnvalue as SettleJobResult).toEqual({ status: 'won', changed: true });

    await first.retry('completed');
    const second = await finished(added.id ?? '', first.finishedOn);
    expect(second.returnvalue as SettleJobResult).toEqual({ status: 'won', changed: false });

    const entries = (await entriesByTrade(database.sql, [trade.id])).get(trade.id);
    expect(entries).toEqual({ stake: 1, close: 1, closeAmount: 14_000n });

    const event = await waitFor('trade:settled', () =>
      sockets.settled.find((e) => e.payload.trade.id === trade.id),
    );
    // A second event of the second run would have come before this one.
    await settledLast({ db: database.db, queue, sockets, owner: lastOwner, setting });
    expect(sockets.settled.filter((e) => e.payload.trade.id === trade.id)).toHaveLength(1);
    const balances = toBalancesView(await getBalances(database.db, userId));
    expect(event.payload).toMatchObject({
      trade: {
        id: trade.id,
        status: 'won',
        result: 'Win',
        payout: 140,
        profit: 40,
        entry: { price: 100, priceE8: String(100n * E8), source: 'binance' },
        exit: { price: 101, priceE8: String(101n * E8), source: 'binance' },
      },
      balances,
    });
    expect(sockets.balances.map((b) => b.payload)).toContainEqual({ ...balances, reason: 'trade_settled' });
    expect((await recomputeOutcome(database.db, trade.id)).matches).toBe(true);
  });

  it('lets two workers race on the same trades: each trade settles exactly once', async () => {
    const captured = captureLogger('info');
    const other = await startSettlement({
      config: config(),
      logger: captured.logger,
      workerId: 'settle-test:2',
    });
    cleanups.push(() => other.stop());
    const placed: TradeRow[] = [];
    for (let i = 0; i < 40; i++) {
      placed.push(
        await expiredTrade({
          owner: owners[i % owners.length],
          direction: i % 3 === 0 ? 'down' : 'up',
          exitPriceE8: (99n + BigInt(i % 3)) * E8,
        }),
      );
    }
    const done = { a: 0, b: 0, changed: 0 };
    const count = (key: 'a' | 'b') => (job: Job, result: unknown) => {
      // The same workers run the repeatable reconcile job: only the settle jobs count.
      if (job.name !== 'settle') return;
      done[key]++;
      if ((result as SettleJobResult).changed) done.changed++;
    };
    settlement.worker.on('completed', count('a'));
    other.worker.on('completed', count('b'));
    // The same trades twice over: their own job and a duplicate, as a second scheduler would add.
    await queue.addBulk(
      placed.flatMap((t) => [
        { name: 'settle' as const, data: { tradeId: t.id }, opts: { jobId: `settle-${t.id}` } },
        { name: 'settle' as const, data: { tradeId: t.id }, opts: { jobId: `again-${t.id}` } },
      ]),
    );
    await waitFor('80 finished jobs', () => done.a + done.b >= 80, 20_000, logs);
    expect(done.changed).toBe(40);
    expect(done.a).toBeGreaterThan(0);
    expect(done.b).toBeGreaterThan(0);

    const entries = await entriesByTrade(
      database.sql,
      placed.map((t) => t.id),
    );
    for (const t of placed) {
      const settled = (await recomputeOutcome(database.db, t.id)).trade;
      expect(settled.status).not.toBe('running');
      expect(entries.get(t.id)).toEqual({
        stake: 1,
        close: settled.payout === 0n ? 0 : 1,
        closeAmount: settled.payout ?? -1n,
      });
    }
    await waitFor('one event per trade', () =>
      placed.every((t) => sockets.settled.some((e) => e.payload.trade.id === t.id)),
    );
    // Stopped, the second worker has sent all it will (its connection quits after its last
    // publish); a duplicate from either would have come before the first one's later event.
    await other.stop();
    await settledLast({ db: database.db, queue, sockets, owner: lastOwner, setting });
    for (const t of placed)
      expect(sockets.settled.filter((e) => e.payload.trade.id === t.id)).toHaveLength(1);
  });

  it('waits for the price at expiry to be final without using up attempts, then settles at it', async () => {
    const symbol = uniq('W').toUpperCase();
    const entry = await writeTick(database.db, symbol, Date.now(), 100n * E8);
    const trade = await place(database.db, { userId, setting, entry, direction: 'down', now: Date.now() });
    const expiry = trade.expiresAt.getTime();
    const job = await addSettleJob(queue, trade);
    const delays: number[] = [];
    const onDelayed = ({ jobId }: { jobId: string }) => {
      if (jobId === job.id) delays.push(Date.now());
    };
    queueEvents.on('delayed', onDelayed);
    // The exit tick is archived, but nothing after expiry yet: the price is not final.
    await writeTick(database.db, symbol, expiry - 300, 98n * E8);
    await waitFor('expiry + 400 ms', () => Date.now() > expiry + 400, 5_000);
    expect((await recomputeOutcome(database.db, trade.id)).trade.status).toBe('running');
    expect(await (await queue.getJob(job.id ?? ''))?.getState()).toMatch(/delayed|active|waiting/);

    // A later tick arrives (announced as the ingester does): the price at expiry is final.
    await writeTick(database.db, symbol, expiry + 450, 150n * E8);
    await announceArchived(redis, prefix, { [symbol]: expiry + 450 });
    const done = await finished(job.id ?? '');
    queueEvents.off('delayed', onDelayed);
    expect(done.returnvalue as SettleJobResult).toEqual({ status: 'won', changed: true });
    expect(done.attemptsMade).toBeLessThanOrEqual(1);
    expect(done.failedReason).toBeFalsy();
    expect(delays.length).toBeGreaterThanOrEqual(1); // back to the delayed set while it waited, never failed
    const settled = (await recomputeOutcome(database.db, trade.id)).trade;
    expect(settled.exitPriceE8).toBe(98n * E8);
  });

  it('retries a settlement that failed (database away) with backoff, and settles it once', async () => {
    const retryPrefix = `${prefix}retry:`;
    let failures = 0;
    const flaky: Settler = async (db, tradeId, options) => {
      if (failures < 2) {
        failures++;
        throw new Error('connection terminated unexpectedly');
      }
      return settleTrade(db, tradeId, options);
    };
    const captured = captureLogger('info');
    const retrying = await startSettlement({
      config: config({ REDIS_PREFIX: retryPrefix }),
      logger: captured.logger,
      workerId: 'settle-test:3',
      settle: flaky,
    });
    const retryQueue = settlementQueue(redis, retryPrefix);
    try {
      const trade = await expiredTrade({ exitPriceE8: 100n * E8 });
      const added = await addSettleJob(retryQueue, trade, {
        attempts: 5,
        backoff: { type: 'fixed', delay: 100 },
      });
      const job = await waitFor('the job to complete', async () => {
        const j = await retryQueue.getJob(added.id ?? '');
        return j?.finishedOn ? j : undefined;
      });
      expect(job.returnvalue as SettleJobResult).toEqual({ status: 'draw', changed: true });
      expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
      expect(failures).toBe(2);
      expect(captured.lines.filter((l) => l.msg === 'settlement job failed; will retry')).toHaveLength(2);
      expect((await entriesByTrade(database.sql, [trade.id])).get(trade.id)).toEqual({
        stake: 1,
        close: 1,
        closeAmount: 10_000n,
      });
    } finally {
      await retrying.stop();
      await retryQueue.close();
      await deletePrefix(redis, retryPrefix);
    }
  });

  it('fails a job for a trade that does not exist at once, without retries', async () => {
    const added = await addSettleJob(queue, { id: randomUUID(), expiresAt: new Date() });
    const job = await finished(added.id ?? '');
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/does not exist/);
  });

  it('leaves the ledger sound, and every result as the archived ticks decide it', async () => {
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
    const rows = await database.sql<Array<{ id: string }>>`select id from trades`;
    expect(rows.length).toBeGreaterThan(40);
    for (const { id } of rows) expect((await recomputeOutcome(database.db, id)).matches).toBe(true);
  });
});
