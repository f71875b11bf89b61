import { decideOutcome, type OutcomeTick } from '@app/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import {
  checkLedgerInvariants,
  type EntryTick,
  getBalances,
  placeTrade,
  settleExpiry,
  settleTrade,
  type TradeSettingTerms,
} from './index.ts';
import {
  at,
  createUser,
  defaultSettings,
  fund,
  placement,
  uniqueSymbol,
  writeTick,
} from './money.fixtures.ts';

/**
 * What the database writes when it settles equals what the rules of @app/shared say, on random
 * trades and ticks: the pure functions are the display copy and this test's oracle.
 */

const client = createDb(inject('databaseUrl'), { max: 4 });
afterAll(() => client.close());
const { db } = client;

const STALE_MS = 4_000;
const ENTRY_E8 = 100n * 100_000_000n;
let settings: TradeSettingTerms[] = [];
beforeAll(async () => {
  settings = await defaultSettings(db);
});

type Case = {
  account: 'real' | 'practice';
  direction: 'up' | 'down';
  amount: bigint;
  setting: number;
  entryArchived: boolean;
  entrySimulated: boolean;
  /** An archived tick before expiry: its lag behind expiry, its move from the entry, its source. */
  exit: { lagMs: number; move: bigint; simulated: boolean } | null;
  path: 'batch' | 'single';
};

const lag = fc.oneof(
  fc.integer({ min: 0, max: 999 }),
  fc.constantFrom(STALE_MS - 1, STALE_MS, STALE_MS + 1),
  fc.integer({ min: 1_000, max: 15_000 }),
);

const tradeCase: fc.Arbitrary<Case> = fc.record({
  account: fc.constantFrom('real' as const, 'practice' as const),
  direction: fc.constantFrom('up' as const, 'down' as const),
  amount: fc.bigInt({ min: 1n, max: 1_000_000n }),
  setting: fc.nat({ max: 2 }),
  entryArchived: fc.boolean(),
  entrySimulated: fc.boolean(),
  exit: fc.option(
    fc.record({ lagMs: lag, move: fc.bigInt({ min: -2n, max: 2n }), simulated: fc.boolean() }),
    { nil: null },
  ),
  path: fc.constantFrom('batch' as const, 'single' as const),
});

async function settleCase(c: Case): Promise<void> {
  const symbol = uniqueSymbol('Q');
  const userId = await createUser(db);
  if (c.account === 'real') await fund(db, userId, c.amount);
  const setting = settings[c.setting] as TradeSettingTerms;
  // Real money opens only at a live price.
  const entrySource = c.account === 'practice' && c.entrySimulated ? 'simulated' : 'binance';
  const entryTick: EntryTick = c.entryArchived
    ? await writeTick(db, symbol, at(0), ENTRY_E8, entrySource)
    : { symbol, priceE8: ENTRY_E8, aggTradeId: null, exchangeTs: at(0), source: entrySource };
  const placed = await placeTrade(
    db,
    placement({
      userId,
      setting,
      entryTick,
      account: c.account,
      direction: c.direction,
      amountPaise: c.amount,
    }),
  );
  const { trade } = placed;
  const expiry = trade.expiresAt.getTime();

  const archived: OutcomeTick[] = c.entryArchived ? [entryTick] : [];
  if (c.exit) {
    const exitTick = await writeTick(
      db,
      symbol,
      new Date(expiry - c.exit.lagMs),
      ENTRY_E8 + c.exit.move,
      c.exit.simulated ? 'simulated' : 'binance',
    );
    archived.push(exitTick);
  }
  // A tick after expiry makes the price at expiry final.
  await writeTick(db, symbol, new Date(expiry + 500), ENTRY_E8);

  // The last recorded tick at or before expiry; real money never settles on a simulated one.
  const candidates = archived
    .filter((t) => t.exchangeTs.getTime() <= expiry)
    .filter((t) => c.account === 'practice' || t.source !== 'simulated')
    .sort((a, b) => a.exchangeTs.getTime() - b.exchangeTs.getTime());
  const exit = candidates.at(-1) ?? null;
  const want = decideOutcome(trade, exit, STALE_MS);

  const now = new Date(expiry + 1_000);
  if (c.path === 'batch') {
    const batch = await settleExpiry(db, {
      symbol,
      expiresAt: trade.expiresAt,
      staleAfterMs: STALE_MS,
      now,
      limit: 10,
    });
    expect(batch.settled).toHaveLength(1);
  } else {
    expect((await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now })).changed).toBe(true);
  }

  const after = await getBalances(db, userId);
  const [row] = await db.query.trades.findMany({ where: (t, { eq }) => eq(t.id, trade.id) });
  expect({
    status: row?.status,
    payout: row?.payout,
    profit: row?.profit,
    voidReason: row?.voidReason,
    exitPriceE8: row?.exitPriceE8,
  }).toEqual({
    status: want.status,
    payout: want.payout,
    profit: want.profit,
    voidReason: want.voidReason,
    exitPriceE8: exit?.priceE8 ?? null,
  });
  expect(after[c.account] - placed.balanceAfter).toBe(want.payout);
}

describe('settlement against the rules of @app/shared', () => {
  it('writes the outcome, payout and credit that decideOutcome gives, on random trades and ticks', async () => {
    await fc.assert(fc.asyncProperty(tradeCase, settleCase), { numRuns: 60 });
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
