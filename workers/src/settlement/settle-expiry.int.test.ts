import { randomBytes } from 'node:crypto';
import {
  checkLedgerInvariants,
  getBalancesOf,
  recomputeOutcome,
  type TradeRow,
  type TradeSettingTerms,
} from '@app/db';
import { settleExpiryJobId, toBalancesView } from '@app/shared';
import { type Job, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogger, type LogLine } from '../market/testing/harness.ts';
import { type RunningSettlement, startSettlement } from './index.ts';
import type { SettleExpiryJobResult } from './settle-expiry.job.ts';
import {
  addExpiryJobs,
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
const prefix = `${inject('redisPrefix')}expiry-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const E8 = 100_000_000n;
/** Small batches, so a few hundred trades take several transactions. */
const BATCH = 40;

let database: IsolatedDb;
let sockets: RecordedSockets;
let settlement: RunningSettlement;
let queue: ReturnType<typeof settlementQueue>;
let queueEvents: QueueEvents;
let setting: TradeSettingTerms;
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
    SETTLEMENT_EXPIRY_BATCH: String(BATCH),
    // The reconciler stays out of these tests: every trade here is settled by its job.
    RECONCILE_GRACE_MS: '3600000',
    ...env,
  });

beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'), 20);
  owners = await Promise.all(Array.from({ length: 12 }, () => createUser(database.db)));
  lastOwner = await createUser(database.db);
  await Promise.all([...owners, lastOwner].map((o) => giveMoney(database.db, o, 100_000_000n)));
  setting = await createSetting(database.db, 1, 40);
  sockets = await userSockets(redisUrl, prefix, [...owners, lastOwner]);
  const captured = captureLogger('info');
  lines = captured.lines;
  settlement = await startSettlement({
    config: config(),
    logger: captured.logger,
    workerId: 'expiry-test:1',
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

/**
 * `count` running trades of a symbol of their own, all expiring at one instant that has
 * passed, every owner several times over, both accounts, both directions and two entry
 * prices; the exit tick (at `exitPriceE8`) and a later one are archived unless `exit` is false.
 */
async function expiredInstant(count: number, o: { exitPriceE8?: bigint; exit?: boolean; at?: number } = {}) {
  const symbol = uniq('X').toUpperCase();
  const t0 = Math.floor((o.at ?? Date.now() - 5_000) / 1000) * 1000;
  const low = await writeTick(database.db, symbol, t0 + 10, 100n * E8);
  const high = await writeTick(database.db, symbol, t0 + 20, 102n * E8);
  const trades: TradeRow[] = [];
  for (let chunk = 0; chunk < count; chunk += 50) {
    trades.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - chunk) }, (_, k) => {
          const i = chunk + k;
          return place(database.db, {
            userId: owners[i % owners.length] ?? '',
            setting,
            entry: i % 3 ? low : high,
            direction: i % 2 ? 'up' : 'down',
            account: i % 5 === 0 ? 'practice' : 'real',
            now: t0 + 100 + (i % 800),
          });
        }),
      )),
    );
  }
  const expiry = trades[0]?.expiresAt.getTime() ?? 0;
  expect(new Set(trades.map((t) => t.expiresAt.getTime()))).toEqual(new Set([expiry]));
  if (o.exit !== false) {
    await writeTick(database.db, symbol, expiry - 200, o.exitPriceE8 ?? 101n * E8);
    await writeTick(database.db, symbol, expiry + 500, 1n);
  }
  return { symbol, expiry, trades };
}

async function finished(jobId: string, after = 0): Promise<Job> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const job = await queue.getJob(jobId);
      if (!job?.finishedOn || job.finishedOn <= after) return undefined;
      return job;
    },
    20_000,
    logs,
  );
}

/** Each trade settled as the archive decides it, with one stake and at most one closing entry. */
async function expectSettledOnce(trades: readonly TradeRow[]) {
  const entries = await entriesByTrade(
    database.sql,
    trades.map((t) => t.id),
  );
  for (const t of trades) {
    const { trade, matches } = await recomputeOutcome(database.db, t.id);
    expect(trade.status, t.id).not.toBe('running');
    expect(matches, t.id).toBe(true);
    expect(entries.get(t.id)).toEqual({
      stake: 1,
      close: trade.payout === 0n ? 0 : 1,
      closeAmount: trade.payout ?? -1n,
    });
  }
}

const eventsOf = (trades: readonly TradeRow[]) => {
  const ids = new Set(trades.map((t) => t.id));
  return sockets.settled.filter((e) => ids.has(e.payload.trade.id));
};

describe('the settleExpiry job', () => {
  it('settles every trade of the instant in batches, and each owner’s client hears of each of theirs once', async () => {
    const { symbol, expiry, trades } = await expiredInstant(230);
    const balancesBefore = sockets.balances.length;
    const [added] = await addExpiryJobs(queue, trades);
    expect(added?.id).toBe(settleExpiryJobId(symbol, expiry));
    const job = await finished(added?.id ?? '');
    expect(job.returnvalue as SettleExpiryJobResult).toEqual({
      settled: 230,
      batches: Math.ceil(230 / BATCH),
      oneByOne: 0,
    });
    await expectSettledOnce(trades);

    await waitFor(
      'one trade:settled per trade',
      () => eventsOf(trades).length >= trades.length,
      10_000,
      logs,
    );
    // Every event of the job, and any duplicate, came before this one.
    const last = await settledLast({ db: database.db, queue, sockets, owner: lastOwner, setting });
    const events = eventsOf(trades);
    expect(events).toHaveLength(trades.length);
    expect(new Set(events.map((e) => e.payload.trade.id)).size).toBe(trades.length);
    // Each event is the trade as stored, and its owner's balances once its batch committed.
    const balancesNow = await getBalancesOf(database.db, owners);
    // A batch is one transaction: its trades share settled_at (the transaction's now()).
    const ownersByBatch = new Map<number, Set<string>>();
    for (const t of trades) {
      const event = events.find((e) => e.payload.trade.id === t.id);
      const { trade } = await recomputeOutcome(database.db, t.id);
      const batch = trade.settledAt?.getTime() ?? 0;
      ownersByBatch.set(batch, (ownersByBatch.get(batch) ?? new Set()).add(trade.userId));
      expect(event?.payload.trade).toMatchObject({
        id: t.id,
        status: trade.status,
        payout: Number(trade.payout) / 100,
      });
    }
    // The last event of each owner carries the balances they have now.
    const ownerOf = new Map(trades.map((t) => [t.id, t.userId]));
    for (const owner of owners) {
      const last = events.filter((e) => ownerOf.get(e.payload.trade.id) === owner).at(-1);
      const balances = balancesNow.get(owner);
      if (!balances) throw new Error('no balances');
      expect(last?.payload.balances).toEqual(toBalancesView(balances));
    }
    // One balance event per owner per batch (the balances after it), not one per trade.
    expect(ownersByBatch.size).toBe(Math.ceil(230 / BATCH));
    const perOwnerPerBatch = [...ownersByBatch.values()].reduce((n, o) => n + o.size, 0);
    expect(perOwnerPerBatch).toBeLessThan(trades.length);
    const balanceEvents = sockets.balances.slice(balancesBefore).filter((b) => b.seq < last.seq);
    expect(balanceEvents).toHaveLength(perOwnerPerBatch);
    const views = new Set([...balancesNow.values()].map((b) => JSON.stringify(toBalancesView(b))));
    for (const b of balanceEvents) expect(b.payload.reason).toBe('trade_settled');
    // The last batch's events carry the balances its owners have now.
    const lastBatch = balanceEvents.slice(-(ownersByBatch.get(Math.max(...ownersByBatch.keys()))?.size ?? 0));
    for (const b of lastBatch) {
      const { reason: _, ...view } = b.payload;
      expect(views).toContain(JSON.stringify(view));
    }

    // One log line per batch, not per trade.
    const batchLines = lines.filter((l) => l.msg === 'expiry batch settled' && l.symbol === symbol);
    expect(batchLines).toHaveLength(Math.ceil(230 / BATCH));
    expect(batchLines.reduce((n, l) => n + Number(l.settled), 0)).toBe(230);
    expect(lines.filter((l) => l.msg === 'trade settled')).toEqual([]);
  });

  it('settles each trade once when the job runs twice, and by two workers at once', async () => {
    const captured = captureLogger('info');
    const other = await startSettlement({
      config: config(),
      logger: captured.logger,
      workerId: 'expiry-test:2',
    });
    cleanups.push(() => other.stop());
    const { symbol, expiry, trades } = await expiredInstant(300);
    const done: SettleExpiryJobResult[] = [];
    const collect = (job: Job, result: unknown) => {
      if (job.name === 'settleExpiry' && (job.data as { symbol: string }).symbol === symbol)
        done.push(result as SettleExpiryJobResult);
    };
    settlement.worker.on('completed', collect);
    other.worker.on('completed', collect);
    try {
      // The gateway's job, and the same instant under other ids, as a second producer might add it.
      const data = { symbol, expiresAt: expiry };
      await queue.addBulk(
        ['', 'again-', 'third-', 'fourth-'].map((tag) => ({
          name: 'settleExpiry' as const,
          data,
          opts: { jobId: `${tag}${settleExpiryJobId(symbol, expiry)}` },
        })),
      );
      await waitFor('four finished jobs', () => done.length >= 4, 20_000, logs);
      expect(done.reduce((n, r) => n + r.settled, 0)).toBe(300);
      await expectSettledOnce(trades);

      // The gateway's job run again, after the fact: nothing left to do.
      const first = await finished(settleExpiryJobId(symbol, expiry));
      await first.retry('completed');
      const again = await finished(settleExpiryJobId(symbol, expiry), first.finishedOn);
      expect(again.returnvalue as SettleExpiryJobResult).toEqual({ settled: 0, batches: 1, oneByOne: 0 });

      await waitFor('one event per trade', () => eventsOf(trades).length >= trades.length, 10_000, logs);
      // Stopped, the second worker has sent all it will (its connection quits after its last
      // publish); a duplicate from either would have come before the first one's later event.
      await other.stop();
      await settledLast({ db: database.db, queue, sockets, owner: lastOwner, setting });
      expect(eventsOf(trades)).toHaveLength(trades.length);
    } finally {
      settlement.worker.off('completed', collect);
      other.worker.off('completed', collect);
    }
  });

  it('waits for the price at expiry to be final without using up attempts, then settles at it', async () => {
    // Expires 1.5-2.5 s from now; only the exit tick reaches the archive at first.
    const { symbol, expiry, trades } = await expiredInstant(30, { at: Date.now() + 500, exit: false });
    expect(expiry).toBeGreaterThan(Date.now());
    const [job] = await addExpiryJobs(queue, trades);
    if (!job?.id) throw new Error('no job');
    const delays: number[] = [];
    const onDelayed = ({ jobId }: { jobId: string }) => {
      if (jobId === job.id) delays.push(Date.now());
    };
    queueEvents.on('delayed', onDelayed);
    try {
      await writeTick(database.db, symbol, expiry - 300, 98n * E8);
      await waitFor('expiry + 600 ms', () => Date.now() > expiry + 600, 5_000);
      for (const t of trades)
        expect((await recomputeOutcome(database.db, t.id)).trade.status).toBe('running');
      expect(await (await queue.getJob(job.id))?.getState()).toMatch(/delayed|active|waiting/);

      // A later tick arrives (announced as the ingester does): the price at expiry is final.
      await writeTick(database.db, symbol, expiry + 650, 150n * E8);
      await announceArchived(redis, prefix, { [symbol]: expiry + 650 });
      const done = await finished(job.id);
      expect(done.returnvalue as SettleExpiryJobResult).toMatchObject({ settled: 30, oneByOne: 0 });
      expect(done.attemptsMade).toBeLessThanOrEqual(1);
      expect(done.failedReason).toBeFalsy();
      expect(delays.length).toBeGreaterThanOrEqual(1);
    } finally {
      queueEvents.off('delayed', onDelayed);
    }
    await expectSettledOnce(trades);
    for (const t of trades) {
      expect((await recomputeOutcome(database.db, t.id)).trade.exitPriceE8).toBe(98n * E8);
    }
  });

  it('refuses a job that names no instant at once, without retries', async () => {
    const added = await queue.add(
      'settleExpiry',
      { symbol: 'BTC', expiresAt: Number.NaN },
      { jobId: `bad-${randomBytes(3).toString('hex')}`, attempts: 5 },
    );
    const job = await finished(added.id ?? '');
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/not a symbol and expiry/);
  });

  it('leaves the ledger sound', async () => {
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});
