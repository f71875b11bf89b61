import { randomBytes } from 'node:crypto';
import { checkLedgerInvariants, type LedgerViolation, recomputeOutcome, type TradeRow } from '@app/db';
import { type LedgerCheckReport, SETTLEMENT_SCHEDULERS, workerKeys } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogger } from '../market/testing/harness.ts';
import { startSettlement } from './index.ts';
import type { ReconcileResult } from './reconcile.job.ts';
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
  settlementConfig,
  settlementQueue,
  uniq,
  waitFor,
  writeTick,
} from './testing/fixtures.ts';

const redisUrl = inject('redisUrl');
const base = `${inject('redisPrefix')}reconcile-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const E8 = 100_000_000n;
let database: IsolatedDb;
let users: string[];

beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'));
  users = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(database.db)));
  await Promise.all(users.map((u) => giveMoney(database.db, u, 10_000_000n)));
});

afterAll(async () => {
  await deletePrefix(redis, base);
  await redis.quit();
  await database?.drop();
});

/** Writes a tick of `symbol` every 100 ms (price walking by `step`), announced like the ingester does. */
function feed(prefix: string, symbol: string) {
  let price = 100n * E8;
  let i = 0;
  const timer = setInterval(() => {
    const at = Date.now();
    price += BigInt((i++ % 5) - 2) * 1_000_000n;
    void writeTick(database.db, symbol, at, price)
      .then(() => announceArchived(redis, prefix, { [symbol]: at }))
      .catch(() => {});
  }, 100);
  return () => clearInterval(timer);
}

async function expectSettledOnce(trades: TradeRow[]) {
  const entries = await entriesByTrade(
    database.sql,
    trades.map((t) => t.id),
  );
  for (const t of trades) {
    const { trade, matches } = await recomputeOutcome(database.db, t.id);
    expect(trade.status).not.toBe('running');
    expect(matches).toBe(true);
    expect(entries.get(t.id)).toEqual({
      stake: 1,
      close: trade.payout === 0n ? 0 : 1,
      closeAmount: trade.payout ?? -1n,
    });
  }
  expect(await checkLedgerInvariants(database.db)).toEqual([]);
}

const runningCount = async (ids: string[]) => {
  const [row] = await database.sql<Array<{ n: number }>>`
    select count(*)::int as n from trades where id::text = any(${database.sql.array(ids)}) and status = 'running'`;
  return row?.n ?? -1;
};

describe('the reconciler', () => {
  it('settles every trade after Redis lost their jobs and its own scheduler (keys flushed while trades run)', async () => {
    const prefix = `${base}flush:`;
    const { logger, lines } = captureLogger('info');
    const reconciled: ReconcileResult[] = [];
    const settlement = await startSettlement({
      config: settlementConfig({
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        RECONCILE_EVERY_MS: '500',
        RECONCILE_GRACE_MS: '500',
      }),
      logger,
      workerId: 'reconcile-test:1',
    });
    settlement.worker.on('completed', (job, result) => {
      if (job.name === 'reconcile') reconciled.push(result as ReconcileResult);
    });
    const queue = settlementQueue(redis, prefix);
    const symbol = uniq('F').toUpperCase();
    const stopFeed = feed(prefix, symbol);
    try {
      const setting = await createSetting(database.db, 3, 60);
      const entry = await writeTick(database.db, symbol, Date.now(), 100n * E8);
      const trades: TradeRow[] = [];
      for (let i = 0; i < 60; i++) {
        const trade = await place(database.db, {
          userId: users[i % users.length]!,
          setting,
          entry,
          direction: i % 2 ? 'up' : 'down',
          now: Date.now(),
        });
        trades.push(trade);
        await addExpiryJobs(queue, [trade]);
      }
      const instants = new Set(trades.map((t) => t.expiresAt.getTime()));
      expect((await queue.getDelayed()).filter((j) => j.name === 'settleExpiry')).toHaveLength(instants.size);
      // Redis loses everything of this deployment: the delayed jobs and the reconcile scheduler.
      expect(await deletePrefix(redis, prefix)).toBeGreaterThan(0);
      expect(await queue.getJobScheduler(SETTLEMENT_SCHEDULERS.reconcile)).toBeUndefined();

      const ids = trades.map((t) => t.id);
      // Normally all of them (a slow machine may have settled the first through their jobs).
      const lost = await runningCount(ids);
      expect(lost).toBeGreaterThan(0);
      await waitFor(
        'every trade settled',
        async () => (await runningCount(ids)) === 0,
        20_000,
        () => lines.map((l) => JSON.stringify(l)).join('\n'),
      );
      expect(lines.some((l) => l.msg.startsWith('the reconcile scheduler was missing'))).toBe(true);
      // Every one still running then, by the reconciler: their jobs were gone.
      await waitFor(
        'the reconciler runs to report',
        () => reconciled.reduce((n, r) => n + r.settled, 0) >= lost,
      );
      expect(reconciled.reduce((n, r) => n + r.settled, 0)).toBe(lost);
      expect(lines.some((l) => l.msg === 'reconciler settled overdue trades')).toBe(true);
      await expectSettledOnce(trades);
    } finally {
      stopFeed();
      await settlement.stop();
      await queue.close();
    }
  });

  it('settles a trade whose job was never added (a crash between commit and enqueue)', async () => {
    const prefix = `${base}lost:`;
    const { logger } = captureLogger('info');
    const settlement = await startSettlement({
      config: settlementConfig({
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        RECONCILE_EVERY_MS: '500',
        RECONCILE_GRACE_MS: '300',
      }),
      logger,
      workerId: 'reconcile-test:2',
    });
    try {
      const symbol = uniq('L').toUpperCase();
      const setting = await createSetting(database.db, 1, 20);
      const t0 = Date.now() - 4_000;
      const entry = await writeTick(database.db, symbol, t0, 100n * E8);
      const trade = await place(database.db, { userId: users[0]!, setting, entry, direction: 'up' });
      await writeTick(database.db, symbol, trade.expiresAt.getTime() - 100, 103n * E8);
      await writeTick(database.db, symbol, trade.expiresAt.getTime() + 100, 90n * E8);
      await waitFor('the trade settled', async () => (await runningCount([trade.id])) === 0, 10_000);
      const { trade: settled } = await recomputeOutcome(database.db, trade.id);
      expect(settled).toMatchObject({ status: 'won', exitPriceE8: 103n * E8, payout: 12_000n });
      await expectSettledOnce([trade]);
    } finally {
      await settlement.stop();
    }
  });

  it('checks the ledger at most once per period, stores the result and reports a violation loudly', async () => {
    const prefix = `${base}ledger:`;
    const { logger, lines } = captureLogger('info');
    const found: LedgerViolation[] = [
      { kind: 'balance_mismatch', accountId: 7n, userId: users[0]!, cached: 101n, postings: 100n },
    ];
    let checks = 0;
    const settlement = await startSettlement({
      config: settlementConfig({
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        RECONCILE_EVERY_MS: '500',
        LEDGER_CHECK_EVERY_MS: '60000',
      }),
      logger,
      workerId: 'reconcile-test:3',
      checkLedger: async (db) => {
        checks++;
        return [...(await checkLedgerInvariants(db)), ...found];
      },
    });
    const reconciled: ReconcileResult[] = [];
    settlement.worker.on('completed', (job, result) => {
      if (job.name === 'reconcile') reconciled.push(result as ReconcileResult);
    });
    try {
      await waitFor('three reconciler runs', () => reconciled.length >= 3, 10_000);
      expect(checks).toBe(1);
      expect(reconciled.filter((r) => r.ledgerViolations === 1)).toHaveLength(1);
      expect(reconciled.filter((r) => r.ledgerViolations === null).length).toBeGreaterThanOrEqual(2);
      const alarm = lines.find((l) => l.level === 60);
      expect(alarm?.msg).toMatch(/^LEDGER INVARIANTS VIOLATED: 1 violation/);
      expect(alarm?.sample).toEqual([
        { kind: 'balance_mismatch', accountId: '7', userId: users[0], cached: '101', postings: '100' },
      ]);
      const stored = JSON.parse(
        (await redis.get(prefix + workerKeys.ledgerCheck())) ?? 'null',
      ) as LedgerCheckReport;
      expect(stored).toMatchObject({ violations: 1 });
      expect(Date.now() - stored.at).toBeLessThan(15_000);
    } finally {
      await settlement.stop();
    }
    // The real ledger, checked as the reconciler does: sound.
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});
