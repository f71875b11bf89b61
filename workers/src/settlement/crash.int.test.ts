import { randomBytes } from 'node:crypto';
import { checkLedgerInvariants, recomputeOutcome, type TradeRow } from '@app/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../testing/worker-process.ts';
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
  settlementQueue,
  uniq,
  waitFor,
  writeTick,
} from './testing/fixtures.ts';

const redisUrl = inject('redisUrl');
const prefix = `${inject('redisPrefix')}crash-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const E8 = 100_000_000n;
const TRADES = 1_000;
const USERS = 50;

let database: IsolatedDb;
const processes: WorkerProcess[] = [];

beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'), 20);
});

afterAll(async () => {
  for (const p of processes) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  }
  await Promise.all(processes.map((p) => p.exited));
  await deletePrefix(redis, prefix);
  await redis.quit();
  await database?.drop();
});

function startWorkers(): WorkerProcess {
  const proc = startWorkerProcess({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    MARKET_ENABLED: 'false',
    SETTLEMENT_CONCURRENCY: '8',
    TRADE_STALE_AFTER_MS: '5000',
    RECONCILE_EVERY_MS: '1000',
    RECONCILE_GRACE_MS: '1000',
  });
  processes.push(proc);
  return proc;
}

/** Ticks every 50 ms for each symbol, written and announced as the ingester does. */
function feed(symbols: string[]) {
  let i = 0;
  const timer = setInterval(() => {
    const at = Date.now();
    const price = (100n + BigInt(i++ % 7) - 3n) * E8;
    for (const symbol of symbols) {
      void writeTick(database.db, symbol, at, price)
        .then(() => announceArchived(redis, prefix, { [symbol]: at }))
        .catch(() => {});
    }
  }, 50);
  return () => clearInterval(timer);
}

const settledCount = async (ids: string[]) => {
  const [row] = await database.sql<Array<{ n: number }>>`
    select count(*)::int as n from trades where id::text = any(${database.sql.array(ids)}) and status <> 'running'`;
  return row?.n ?? 0;
};

describe('a worker process killed while trades expire', () => {
  it('settles every one of 1,000 trades exactly once after a restart', async () => {
    const first = startWorkers();
    const symbols = [uniq('K').toUpperCase(), uniq('K').toUpperCase()];
    const stopFeed = feed(symbols);
    const queue = settlementQueue(redis, prefix);
    try {
      const setting = await createSetting(database.db, 6, 40);
      const users = await Promise.all(Array.from({ length: USERS }, () => createUser(database.db)));
      await Promise.all(users.map((u) => giveMoney(database.db, u, 10_000_000n)));
      const entries = await Promise.all(symbols.map((s) => writeTick(database.db, s, Date.now(), 100n * E8)));
      const start = entries[0]!.exchangeTs.getTime();

      // Placed over 4 s of (placement) time: the 1,000 expiries fall in 4-5 consecutive seconds,
      // 8-10 expiry jobs (two symbols), the first 6 s from now: most expire after the kill.
      const trades: TradeRow[] = [];
      for (let chunk = 0; chunk < TRADES; chunk += 50) {
        const placed = await Promise.all(
          Array.from({ length: 50 }, (_, k) => {
            const i = chunk + k;
            return place(database.db, {
              userId: users[i % USERS]!,
              setting,
              entry: entries[i % symbols.length]!,
              direction: i % 2 ? 'up' : 'down',
              account: i % 10 === 0 ? 'practice' : 'real',
              now: start + 100 + i * 4,
            });
          }),
        );
        trades.push(...placed);
        // As the gateway schedules them: the first placement of a symbol and instant adds its
        // job, the others add the same id again (a no-op).
        await addExpiryJobs(queue, placed);
      }
      const ids = trades.map((t) => t.id);
      const expiries = new Set(trades.map((t) => t.expiresAt.getTime()));
      expect(expiries.size).toBeGreaterThanOrEqual(4);
      await waitFor(
        'the first process to be ready',
        () => first.logs.some((l) => l.msg === 'workers ready'),
        20_000,
        first.describe,
      );

      // Kill it as soon as the first trades settle: the rest expire while it is gone.
      const settledAtKill = await waitFor(
        'the first settlements',
        async () => {
          const n = await settledCount(ids);
          return n > 0 ? n : undefined;
        },
        15_000,
        first.describe,
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(settledAtKill).toBeLessThan(TRADES);
      // Its database sessions end (a batch it was in rolls back and lets its trades go) before
      // the second process starts.
      await waitFor(
        'the killed process’s database sessions to end',
        async () => {
          const [row] = await database.sql<Array<{ n: number }>>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name in ('workers', 'workers-settlement')`;
          return row?.n === 0;
        },
        20_000,
      );

      const second = startWorkers();
      let settled = 0;
      await waitFor(
        'every trade settled',
        async () => {
          settled = await settledCount(ids);
          return settled === TRADES;
        },
        40_000,
        () => `${settled} settled\n${second.describe()}`.slice(-5_000),
      );
      // The second process settled what the first left: the instants it had not reached (their
      // jobs), and the batch it was killed in (its job is stalled until its lock expires, so the
      // reconciler settles those trades one by one).
      expect(second.logs.some((l) => l.msg === 'expiry batch settled' || l.msg === 'trade settled')).toBe(
        true,
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });

      const ledger = await entriesByTrade(database.sql, ids);
      const mismatches: string[] = [];
      for (const id of ids) {
        const { trade, matches } = await recomputeOutcome(database.db, id);
        const expected = { stake: 1, close: trade.payout === 0n ? 0 : 1, closeAmount: trade.payout ?? -1n };
        const got = ledger.get(id);
        if (
          !matches ||
          trade.status === 'running' ||
          JSON.stringify(got, big) !== JSON.stringify(expected, big)
        ) {
          mismatches.push(`${id} ${trade.status} ${JSON.stringify(got, big)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
    } finally {
      stopFeed();
      await queue.close();
    }
  }, 90_000);
});

const big = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
