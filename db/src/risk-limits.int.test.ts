import { MSG } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { OpenStakeAboveLimitError, StakeAboveLimitError } from './errors.ts';
import {
  cancelTrade,
  checkLedgerInvariants,
  getBalances,
  placeTrade,
  settleTrade,
  type TradeSettingTerms,
} from './index.ts';
import {
  at,
  createUser,
  fund,
  placement,
  settingWithPayout,
  uniq,
  uniqueSymbol,
  writeTick,
} from './money.fixtures.ts';
import { journalEntries, riskLimits, trades } from './schema/index.ts';
import { createTestDatabase } from './testing.ts';

// The limits are one row for the whole platform: this file works on a database of its own, so
// the limits it sets never refuse another file's placements.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: ReturnType<typeof createDb>;
let db: ReturnType<typeof createDb>['db'];
let setting: TradeSettingTerms; // 40 % over 40 s

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  client = createDb(database.url, { max: 24 });
  db = client.db;
  setting = await settingWithPayout(db, 40);
});
afterAll(async () => {
  await client?.close();
  await database?.drop();
});
beforeEach(async () => {
  await setLimits(null, null);
});

async function setLimits(maxStakePerTrade: bigint | null, maxOpenStakePerCoin: bigint | null) {
  await db.update(riskLimits).set({ maxStakePerTrade, maxOpenStakePerCoin }).where(eq(riskLimits.id, 1));
}

/** A user with Rs 10,000 of real money and a coin of their own with a price at at(0). */
async function trader() {
  const userId = await createUser(db);
  await fund(db, userId, 1_000_000n);
  const symbol = uniqueSymbol('R');
  const entryTick = await writeTick(db, symbol, at(0), 100_000_000n);
  const place = (amountPaise: bigint, extra: Partial<Parameters<typeof placement>[0]> = {}) =>
    placeTrade(db, placement({ userId, setting, entryTick, amountPaise, ...extra }));
  return { userId, symbol, entryTick, place };
}

const runningStake = async (userId: string, symbol: string) => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${trades.amount}), 0)::text` })
    .from(trades)
    .where(
      and(
        eq(trades.userId, userId),
        eq(trades.symbol, symbol),
        eq(trades.status, 'running'),
        eq(trades.account, 'real'),
      ),
    );
  return BigInt(row?.total ?? '0');
};

const entriesOf = (userId: string) => db.$count(journalEntries, eq(journalEntries.userId, userId));

describe('the maximum stake per trade', () => {
  it('refuses a larger stake with the maximum in the message and moves nothing', async () => {
    await setLimits(50_000n, null);
    const t = await trader();
    const entriesBefore = await entriesOf(t.userId);

    const refused = t.place(50_001n);
    await expect(refused).rejects.toBeInstanceOf(StakeAboveLimitError);
    await expect(refused).rejects.toMatchObject({
      code: 'stake_above_limit',
      maxPaise: 50_000n,
      httpStatus: 400,
      userMessage: `${MSG.stakeAboveLimit} Maximum: ₹500.00.`,
    });
    expect(await db.$count(trades, eq(trades.userId, t.userId))).toBe(0);
    expect(await entriesOf(t.userId)).toBe(entriesBefore);
    expect((await getBalances(db, t.userId)).real).toBe(1_000_000n);

    const atTheLimit = await t.place(50_000n);
    expect(atTheLimit.created).toBe(true);
    expect((await getBalances(db, t.userId)).real).toBe(950_000n);
  });

  it('answers a retry of a trade placed before the limit was lowered with that trade', async () => {
    const t = await trader();
    const key = uniq('k');
    const first = await t.place(80_000n, { idempotencyKey: key });
    await setLimits(10_000n, 10_000n);
    const again = await t.place(80_000n, { idempotencyKey: key });
    expect(again.created).toBe(false);
    expect(again.trade.id).toBe(first.trade.id);
    expect((await getBalances(db, t.userId)).real).toBe(920_000n);
  });
});

describe('the maximum open stake per user and coin', () => {
  it('counts the running real trades of that coin alone, this one included', async () => {
    await setLimits(null, 30_000n);
    const t = await trader();
    const other = await trader();
    await t.place(10_000n);
    await t.place(20_000n, { direction: 'down' });

    const refused = t.place(1n);
    await expect(refused).rejects.toBeInstanceOf(OpenStakeAboveLimitError);
    await expect(refused).rejects.toMatchObject({
      code: 'open_stake_above_limit',
      maxPaise: 30_000n,
      openPaise: 30_000n,
      httpStatus: 400,
      userMessage: `${MSG.openStakeAboveLimit} Maximum: ₹300.00; open now: ₹300.00.`,
    });
    expect(await runningStake(t.userId, t.symbol)).toBe(30_000n);
    expect((await getBalances(db, t.userId)).real).toBe(970_000n);

    // Another coin of the same user, and the same coin for another user, have room of their own.
    const otherCoin = await writeTick(db, uniqueSymbol('R'), at(0), 100_000_000n);
    expect(
      (
        await placeTrade(
          db,
          placement({ userId: t.userId, setting, entryTick: otherCoin, amountPaise: 30_000n }),
        )
      ).created,
    ).toBe(true);
    const sameCoinTick = { ...t.entryTick };
    expect(
      (
        await placeTrade(
          db,
          placement({ userId: other.userId, setting, entryTick: sameCoinTick, amountPaise: 30_000n }),
        )
      ).created,
    ).toBe(true);
  });

  it('frees the stake of a trade once it settles, and of one an admin cancels', async () => {
    await setLimits(null, 20_000n);
    const admin = await createUser(db, 'admin');
    const t = await trader();
    const settled = await t.place(10_000n);
    const cancelled = await t.place(10_000n);
    await expect(t.place(10_000n)).rejects.toBeInstanceOf(OpenStakeAboveLimitError);

    const expiry = settled.trade.expiresAt.getTime();
    await writeTick(db, t.symbol, new Date(expiry - 300), 200_000_000n);
    await writeTick(db, t.symbol, new Date(expiry + 1_500), 1n);
    const result = await settleTrade(db, settled.trade.id, {
      staleAfterMs: 5_000,
      now: new Date(expiry + 2_000),
    });
    expect(result.trade.status).toBe('won');
    expect(await runningStake(t.userId, t.symbol)).toBe(10_000n);
    const afterSettle = await t.place(10_000n);
    expect(afterSettle.created).toBe(true);
    await expect(t.place(10_000n)).rejects.toBeInstanceOf(OpenStakeAboveLimitError);

    await cancelTrade(db, cancelled.trade.id, { adminId: admin, reason: 'test' });
    expect(await runningStake(t.userId, t.symbol)).toBe(10_000n);
    expect((await t.place(10_000n)).created).toBe(true);
  });

  it('lets exactly the allowed ones of 20 concurrent placements through', async () => {
    await setLimits(null, 100_000n);
    const t = await trader();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.place(10_000n)));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toBeInstanceOf(OpenStakeAboveLimitError);
    expect(await runningStake(t.userId, t.symbol)).toBe(100_000n);
    expect(await db.$count(trades, eq(trades.userId, t.userId))).toBe(10);
    expect((await getBalances(db, t.userId)).real).toBe(900_000n);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('holds under concurrent placements of different sizes', async () => {
    await setLimits(null, 55_000n);
    const t = await trader();
    const sizes = Array.from({ length: 20 }, (_, i) => BigInt((i % 4) + 1) * 5_000n); // 5,000 to 20,000
    const results = await Promise.allSettled(sizes.map((s) => t.place(s)));
    const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.trade.amount] : []));
    const refused = sizes.filter((_, i) => results[i]?.status === 'rejected');
    const total = accepted.reduce((a, b) => a + b, 0n);
    expect(total).toBeLessThanOrEqual(55_000n);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(OpenStakeAboveLimitError);
    // Each refusal was needed: even the smallest refused stake no longer fits beside what passed.
    expect(refused.length).toBeGreaterThan(0);
    const [smallest = 0n] = [...refused].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(total + smallest).toBeGreaterThan(55_000n);
    expect(await runningStake(t.userId, t.symbol)).toBe(total);
    expect((await getBalances(db, t.userId)).real).toBe(1_000_000n - total);
  });
});

describe('practice trades', () => {
  it('are outside both limits and do not count towards the open stake', async () => {
    await setLimits(1_000n, 20_000n);
    const t = await trader();
    const practice = await t.place(500_000n, { account: 'practice' });
    expect(practice.created).toBe(true);
    expect((await t.place(300_000n, { account: 'practice' })).created).toBe(true);
    // Real money still has its whole per-coin room.
    await expect(t.place(1_001n)).rejects.toBeInstanceOf(StakeAboveLimitError);
    for (let i = 0; i < 20; i++) await t.place(1_000n);
    await expect(t.place(1_000n)).rejects.toBeInstanceOf(OpenStakeAboveLimitError);
    expect(await runningStake(t.userId, t.symbol)).toBe(20_000n);
  });
});

describe('no limits', () => {
  it('places any stake the balance covers when both are null', async () => {
    const t = await trader();
    expect((await t.place(1_000_000n)).created).toBe(true);
    expect((await getBalances(db, t.userId)).real).toBe(0n);
  });
});
