import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidMoneyInputError,
  SessionEndedError,
  SimulatedPriceError,
  StalePriceError,
  TradeNotFoundError,
  TradeNotRunningError,
  UserBannedError,
} from './errors.ts';
import type { TradeSettingTerms } from './index.ts';
import {
  cancelTrade,
  checkLedgerInvariants,
  getBalances,
  overdueRunningTrades,
  placeTrade,
  recomputeOutcome,
  settleTrade,
  walletTransactions,
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
import {
  journalEntries,
  ledgerAccounts,
  type TradeRow,
  tradeSettings,
  trades,
  users,
} from './schema/index.ts';

const url = inject('databaseUrl');
const client = createDb(url, { max: 20 });
const other = createDb(url, { max: 4 });
afterAll(async () => {
  await Promise.all([client.close(), other.close()]);
});
const { db } = client;

const STALE_MS = 5_000;
let setting: TradeSettingTerms; // 40 % over 40 s
beforeAll(async () => {
  setting = await settingWithPayout(db, 40);
});

/** Entries (with their postings' sum) that reference a trade. */
async function entriesOf(tradeId: string) {
  return db.execute<{ type: string; user_amount: string; total: string }>(sql`
    select e.type, sum(p.amount) filter (where a.user_id is not null)::text as user_amount,
           sum(p.amount)::text as total
    from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
    where e.reference = ${tradeId} group by e.id, e.type order by e.id`);
}

/** A funded user and a running real trade on a symbol of its own, placed at at(0) + 200 ms. */
async function runningTrade(
  opts: { direction?: 'up' | 'down'; amount?: bigint; account?: 'real' | 'practice' } = {},
) {
  const userId = await createUser(db);
  await fund(db, userId, 1_000_000n);
  const symbol = uniqueSymbol('Y');
  const entryTick = await writeTick(db, symbol, at(0), 100_000_000n);
  const placed = await placeTrade(
    db,
    placement({
      userId,
      setting,
      entryTick,
      direction: opts.direction ?? 'up',
      amountPaise: opts.amount ?? 10_000n,
      account: opts.account ?? 'real',
    }),
  );
  return { userId, symbol, trade: placed.trade, expiry: placed.trade.expiresAt.getTime() };
}

/** Ticks around expiry; the one after expiry tells settlement the archive has moved past it. */
async function priceAtExpiry(symbol: string, expiry: number, priceE8: bigint, lagMs = 300) {
  await writeTick(db, symbol, new Date(expiry - lagMs), priceE8);
  await writeTick(db, symbol, new Date(expiry + 1_500), 1n);
}

const settle = (id: string, expiry: number) =>
  settleTrade(db, id, { staleAfterMs: STALE_MS, now: new Date(expiry + 2_000) });

describe('placeTrade', () => {
  it('debits the stake and records the entry tick, expiry and terms in one double entry', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    const symbol = uniqueSymbol('Y');
    const entryTick = await writeTick(db, symbol, at(1_234), 6_512_345_000_000n);
    const input = placement({ userId, setting, entryTick, amountPaise: 12_345n, direction: 'down' });
    const placed = await placeTrade(db, input);
    expect(placed.created).toBe(true);
    expect(placed.balanceAfter).toBe(37_655n);
    expect(placed.trade).toMatchObject({
      userId,
      account: 'real',
      symbol,
      direction: 'down',
      amount: 12_345n,
      settingId: setting.id,
      durationSeconds: 40,
      payoutPercent: 40,
      status: 'running',
      entryPriceE8: 6_512_345_000_000n,
      entryAggTradeId: entryTick.aggTradeId,
      entryExchangeTs: at(1_234),
      entrySource: 'binance',
      entrySecond: at(1_000),
      expiresAt: at(41_999), // placed at 1.434 s, + 40 s, to the end of that second
      createdAt: input.now,
      payout: null,
      settledAt: null,
    });
    expect(await entriesOf(placed.trade.id)).toEqual([
      { type: 'trade_stake', user_amount: '-12345', total: '0' },
    ]);
    expect((await getBalances(db, userId)).real).toBe(37_655n);
  });

  it('refuses a stake above the balance with a typed error and leaves no trade', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 9_999n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    await expect(placeTrade(db, placement({ userId, setting, entryTick }))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await db.$count(trades, eq(trades.userId, userId))).toBe(0);
    expect((await getBalances(db, userId)).real).toBe(9_999n);
  });

  it('refuses a simulated price for real money, and takes it for practice', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n, 'simulated');
    await expect(placeTrade(db, placement({ userId, setting, entryTick }))).rejects.toBeInstanceOf(
      SimulatedPriceError,
    );
    const practice = await placeTrade(db, placement({ userId, setting, entryTick, account: 'practice' }));
    expect(practice.trade.entrySource).toBe('simulated');
    expect(await getBalances(db, userId)).toEqual({ real: 50_000n, practice: 9_990_000n });
  });

  it('refuses an entry price older than the bound it is given', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    const stale = placeTrade(
      db,
      placement({ userId, setting, entryTick, now: at(2_001), maxTickAgeMs: 2_000 }),
    );
    await expect(stale).rejects.toBeInstanceOf(StalePriceError);
    await expect(stale).rejects.toMatchObject({ code: 'stale_price', ageMs: 2_001, maxAgeMs: 2_000 });
    const fresh = await placeTrade(
      db,
      placement({ userId, setting, entryTick, now: at(2_000), maxTickAgeMs: 2_000 }),
    );
    expect(fresh.created).toBe(true);
  });

  it('refuses nonsense: a zero stake or a tick of another symbol', async () => {
    const userId = await createUser(db);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    await expect(
      placeTrade(db, placement({ userId, setting, entryTick, amountPaise: 0n })),
    ).rejects.toBeInstanceOf(InvalidMoneyInputError);
    await expect(
      placeTrade(db, placement({ userId, setting, entryTick, symbol: 'OTHER' })),
    ).rejects.toBeInstanceOf(InvalidMoneyInputError);
  });

  it('accepts exactly the stakes the balance covers out of 200 concurrent placements', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50n * 10_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => placeTrade(db, placement({ userId, setting, entryTick }))),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(50);
    expect(refused.every((r) => r.reason instanceof InsufficientFundsError)).toBe(true);
    const balances = accepted.map((r) => r.value.balanceAfter).sort((a, b) => (a < b ? -1 : 1));
    expect(balances[0]).toBe(0n);
    expect(new Set(balances).size).toBe(50); // every accepted stake saw its own balance
    expect((await getBalances(db, userId)).real).toBe(0n);
    expect(await db.$count(trades, eq(trades.userId, userId))).toBe(50);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('answers 20 parallel requests with one idempotency key with one trade and one debit', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 100_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    const input = placement({ userId, setting, entryTick, idempotencyKey: uniq('same-') });
    const results = await Promise.all(Array.from({ length: 20 }, () => placeTrade(db, input)));
    expect(new Set(results.map((r) => r.trade.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await getBalances(db, userId)).real).toBe(90_000n);
    const stakes = await walletTransactions(db, userId, { type: 'trade_stake' });
    expect(stakes.total).toBe(1);
    // A later retry, when the price is long stale, still gets the same trade.
    const late = await placeTrade(db, { ...input, now: at(600_000) });
    expect(late).toMatchObject({ created: false, balanceAfter: 90_000n });
    expect(late.trade.id).toBe(results[0]?.trade.id);
    // The key for a different trade is refused.
    await expect(placeTrade(db, { ...input, amountPaise: 10_001n })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    // Keys are per user: another user may use the same one.
    const otherUser = await createUser(db);
    await fund(db, otherUser, 10_000n);
    expect((await placeTrade(db, { ...input, userId: otherUser })).created).toBe(true);
  });
});

describe('placeTrade in a session (place_trade_in_session, migration 0011)', () => {
  /** Nothing was written for the user: no trade, no ledger account opened or moved. */
  async function nothingWritten(userId: string, balances: { real: bigint; practice: bigint }) {
    expect(await db.$count(trades, eq(trades.userId, userId))).toBe(0);
    expect(await getBalances(db, userId)).toEqual(balances);
  }

  it('answers both balances right after the stake, on each account', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    const real = await placeTrade(db, placement({ userId, setting, entryTick }));
    expect(real.balances).toEqual({ real: 40_000n, practice: 10_000_000n });
    const practice = await placeTrade(db, placement({ userId, setting, entryTick, account: 'practice' }));
    expect(practice.balances).toEqual({ real: 40_000n, practice: 9_990_000n });
    expect(practice.balances).toEqual(await getBalances(db, userId));
    // A retry answers the balances as they are now.
    const again = await placeTrade(
      db,
      placement({ userId, setting, entryTick, idempotencyKey: real.trade.idempotencyKey }),
    );
    expect(again).toMatchObject({ created: false, balances: { real: 40_000n, practice: 9_990_000n } });
  });

  it('places nothing for a token of an older version, a banned user or no user', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, userId));
    const old = placeTrade(db, placement({ userId, setting, entryTick }));
    await expect(old).rejects.toBeInstanceOf(SessionEndedError);
    await expect(old).rejects.toMatchObject({ code: 'session_ended', userId });
    await nothingWritten(userId, { real: 50_000n, practice: 10_000_000n });
    // The current version places.
    const current = await placeTrade(
      db,
      placement({ userId, setting, entryTick, session: { tokenVersion: 1 } }),
    );
    expect(current.created).toBe(true);

    const banned = await createUser(db);
    await fund(db, banned, 50_000n);
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned));
    const refused = placeTrade(db, placement({ userId: banned, setting, entryTick }));
    await expect(refused).rejects.toBeInstanceOf(UserBannedError);
    await expect(refused).rejects.toMatchObject({ code: 'user_banned', userId: banned });
    await nothingWritten(banned, { real: 50_000n, practice: 10_000_000n });

    await expect(
      placeTrade(db, placement({ userId: '00000000-0000-4000-8000-000000000000', setting, entryTick })),
    ).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('checks the session on every path: a first movement, a stale price, a retry', async () => {
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    // A user who never moved money has no ledger rows: placement takes the transaction,
    // which would open the accounts.
    const fresh = await createUser(db);
    await db.update(users).set({ tokenVersion: 3 }).where(eq(users.id, fresh));
    await expect(
      placeTrade(db, placement({ userId: fresh, setting, entryTick, account: 'practice' })),
    ).rejects.toBeInstanceOf(SessionEndedError);
    expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.userId, fresh))).toBe(0);
    const opened = await placeTrade(
      db,
      placement({ userId: fresh, setting, entryTick, account: 'practice', session: { tokenVersion: 3 } }),
    );
    expect(opened.balances).toEqual({ real: 0n, practice: 9_990_000n });

    // A stale price takes the transaction too: the session is refused before the price.
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));
    await expect(
      placeTrade(db, placement({ userId, setting, entryTick, now: at(60_000) })),
    ).rejects.toBeInstanceOf(UserBannedError);

    // A retry of a placement that went through is refused once the session has ended.
    await db.update(users).set({ bannedAt: null }).where(eq(users.id, userId));
    const input = placement({ userId, setting, entryTick });
    const placed = await placeTrade(db, input);
    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, userId));
    await expect(placeTrade(db, input)).rejects.toBeInstanceOf(SessionEndedError);
    await expect(placeTrade(db, { ...input, now: at(600_000) })).rejects.toBeInstanceOf(SessionEndedError);
    expect(await db.$count(trades, eq(trades.userId, userId))).toBe(1);
    expect((await getBalances(db, userId)).real).toBe(50_000n - placed.trade.amount);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});

describe('settleTrade', () => {
  it('pays stake + profit on a win, in one balanced entry', async () => {
    const { userId, symbol, trade, expiry } = await runningTrade({ direction: 'up', amount: 10_001n });
    await priceAtExpiry(symbol, expiry, 100_000_001n);
    const result = await settle(trade.id, expiry);
    expect(result.changed).toBe(true);
    expect(result.trade).toMatchObject({
      status: 'won',
      exitPriceE8: 100_000_001n,
      exitExchangeTs: new Date(expiry - 300),
      exitSource: 'binance',
      payout: 14_001n, // 10,001 + 4,000.4 -> 4,000
      profit: 4_000n,
      staleAfterMs: STALE_MS,
    });
    expect(result.trade.settledAt).toBeInstanceOf(Date);
    expect(result.balanceAfter).toBe(1_000_000n - 10_001n + 14_001n);
    expect((await getBalances(db, userId)).real).toBe(result.balanceAfter);
    expect(await entriesOf(trade.id)).toEqual([
      { type: 'trade_stake', user_amount: '-10001', total: '0' },
      { type: 'trade_payout', user_amount: '14001', total: '0' },
    ]);
    expect((await recomputeOutcome(db, trade.id)).matches).toBe(true);
  });

  it('credits nothing on a loss', async () => {
    const { userId, symbol, trade, expiry } = await runningTrade({ direction: 'up' });
    await priceAtExpiry(symbol, expiry, 99_999_999n);
    const result = await settle(trade.id, expiry);
    expect(result.trade).toMatchObject({ status: 'lost', payout: 0n, profit: -10_000n });
    expect(result.balanceAfter).toBe(990_000n);
    expect((await getBalances(db, userId)).real).toBe(990_000n);
    expect((await entriesOf(trade.id)).map((e) => e.type)).toEqual(['trade_stake']);
  });

  it('wins a Down trade when the price falls', async () => {
    const { symbol, trade, expiry } = await runningTrade({ direction: 'down' });
    await priceAtExpiry(symbol, expiry, 99_999_999n);
    expect((await settle(trade.id, expiry)).trade).toMatchObject({ status: 'won', payout: 14_000n });
  });

  it('returns the stake on a draw', async () => {
    const { userId, symbol, trade, expiry } = await runningTrade({ direction: 'down' });
    await priceAtExpiry(symbol, expiry, 100_000_000n);
    const result = await settle(trade.id, expiry);
    expect(result.trade).toMatchObject({ status: 'draw', payout: 10_000n, profit: 0n });
    expect((await getBalances(db, userId)).real).toBe(1_000_000n);
    expect((await entriesOf(trade.id)).map((e) => e.type)).toEqual(['trade_stake', 'trade_refund']);
  });

  it('voids and refunds when the last price before expiry is older than the bound', async () => {
    const { userId, symbol, trade, expiry } = await runningTrade();
    await priceAtExpiry(symbol, expiry, 200_000_000n, STALE_MS + 1);
    const result = await settle(trade.id, expiry);
    expect(result.trade).toMatchObject({ status: 'void', payout: 10_000n, profit: 0n });
    expect(result.trade.voidReason).toMatch(/No fresh market price at expiry/);
    expect((await getBalances(db, userId)).real).toBe(1_000_000n);
    expect((await recomputeOutcome(db, trade.id)).matches).toBe(true);
  });

  it('voids when no price at all arrives, once the staleness bound has passed', async () => {
    const { trade, expiry } = await runningTrade();
    const early = await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(expiry + 1_000) });
    expect(early).toMatchObject({ changed: false, awaitingPrice: true });
    // The only tick is the entry tick, 40 s before expiry.
    const result = await settleTrade(db, trade.id, {
      staleAfterMs: STALE_MS,
      now: new Date(expiry + STALE_MS),
    });
    expect(result.trade.status).toBe('void');
    expect(result.trade.exitPriceE8).toBe(100_000_000n);
  });

  it('never settles real money on a simulated price at expiry', async () => {
    const { symbol, trade, expiry } = await runningTrade({ direction: 'up' });
    await writeTick(db, symbol, new Date(expiry - 100), 300_000_000n, 'simulated');
    await writeTick(db, symbol, new Date(expiry + 1_500), 300_000_000n, 'simulated');
    const result = await settle(trade.id, expiry);
    // The last live price is the entry tick, 40 s old: void, not a win.
    expect(result.trade.status).toBe('void');
    expect(result.trade.exitSource).toBe('binance');
  });

  it('waits before expiry and while the archive has not passed expiry', async () => {
    const { symbol, trade, expiry } = await runningTrade();
    await writeTick(db, symbol, new Date(expiry - 100), 100_000_001n);
    const before = await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(expiry - 1) });
    expect(before).toMatchObject({ changed: false, awaitingPrice: true, balanceAfter: null });
    const notYet = await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(expiry + 10) });
    expect(notYet).toMatchObject({ changed: false, awaitingPrice: true });
    expect(notYet.trade.status).toBe('running');
    // A tick at expiry reaches the archive late: it decides, not the earlier one.
    await writeTick(db, symbol, new Date(expiry), 99_000_000n);
    await writeTick(db, symbol, new Date(expiry + 1), 1n);
    const done = await settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(expiry + 20) });
    expect(done.trade).toMatchObject({ status: 'lost', exitPriceE8: 99_000_000n });
  });

  it('settles late at the tick at or before expiry, not a later one', async () => {
    const { symbol, trade, expiry } = await runningTrade({ direction: 'up' });
    await writeTick(db, symbol, new Date(expiry - 700), 100_000_005n); // the exit price
    await writeTick(db, symbol, new Date(expiry + 1), 50_000_000n); // just after: ignored
    await writeTick(db, symbol, new Date(expiry + 45_000), 10_000_000n);
    const result = await settleTrade(db, trade.id, {
      staleAfterMs: STALE_MS,
      now: new Date(expiry + 3_600_000),
    });
    expect(result.trade).toMatchObject({
      status: 'won',
      exitPriceE8: 100_000_005n,
      exitExchangeTs: new Date(expiry - 700),
    });
  });

  it('settles exactly once when called twice and from two connections at the same time', async () => {
    const { userId, symbol, trade, expiry } = await runningTrade();
    await priceAtExpiry(symbol, expiry, 100_000_001n);
    const opts = { staleAfterMs: STALE_MS, now: new Date(expiry + 2_000) };
    const results = await Promise.all([
      settleTrade(db, trade.id, opts),
      settleTrade(other.db, trade.id, opts),
      settleTrade(db, trade.id, opts),
      settleTrade(other.db, trade.id, opts),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.every((r) => r.trade.status === 'won')).toBe(true);
    const again = await settleTrade(db, trade.id, opts);
    expect(again).toMatchObject({ changed: false, awaitingPrice: false, balanceAfter: null });
    expect((await entriesOf(trade.id)).map((e) => e.type)).toEqual(['trade_stake', 'trade_payout']);
    expect((await getBalances(db, userId)).real).toBe(1_004_000n);
  });

  it('refuses an unknown trade', async () => {
    await expect(
      settleTrade(db, '00000000-0000-4000-8000-000000000001', { staleAfterMs: 1 }),
    ).rejects.toBeInstanceOf(TradeNotFoundError);
    await expect(settleTrade(db, 'not-a-uuid', { staleAfterMs: 1 })).rejects.toBeInstanceOf(
      TradeNotFoundError,
    );
  });
});

describe('cancelTrade', () => {
  it('cancels a running trade with the admin’s reason and refunds the stake', async () => {
    const adminId = await createUser(db, 'admin');
    const { userId, trade } = await runningTrade();
    const { trade: cancelled, balanceAfter } = await cancelTrade(db, trade.id, {
      adminId,
      reason: '  Price feed incident  ',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Price feed incident',
      cancelledBy: adminId,
      payout: 10_000n,
      profit: 0n,
    });
    expect(balanceAfter).toBe(1_000_000n);
    const [refund] = await db
      .select()
      .from(journalEntries)
      .where(sql`${journalEntries.reference} = ${trade.id} and ${journalEntries.type} = 'trade_refund'`);
    expect(refund?.createdBy).toBe(adminId);
    expect((await getBalances(db, userId)).real).toBe(1_000_000n);
    // Settlement afterwards does nothing.
    expect((await settleTrade(db, trade.id, { staleAfterMs: STALE_MS })).changed).toBe(false);
  });

  it('refuses a settled trade, a cancelled one and an empty reason', async () => {
    const adminId = await createUser(db, 'admin');
    const { symbol, trade, expiry } = await runningTrade();
    await expect(cancelTrade(db, trade.id, { adminId, reason: '  ' })).rejects.toBeInstanceOf(
      InvalidMoneyInputError,
    );
    await priceAtExpiry(symbol, expiry, 1n);
    await settle(trade.id, expiry);
    const refused = cancelTrade(db, trade.id, { adminId, reason: 'changed my mind' });
    await expect(refused).rejects.toBeInstanceOf(TradeNotRunningError);
    await expect(refused).rejects.toMatchObject({ status: 'lost' });

    const second = await runningTrade();
    await cancelTrade(db, second.trade.id, { adminId, reason: 'first' });
    await expect(cancelTrade(db, second.trade.id, { adminId, reason: 'again' })).rejects.toBeInstanceOf(
      TradeNotRunningError,
    );
  });
});

describe('practice trades', () => {
  it('move only the practice balance and the practice house, whatever the result', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 77_777n);
    const symbol = uniqueSymbol('Y');
    const entryTick = await writeTick(db, symbol, at(0), 100_000_000n, 'simulated');
    const placed: TradeRow[] = [];
    for (const direction of ['up', 'down', 'up'] as const) {
      const p = await placeTrade(
        db,
        placement({ userId, setting, entryTick, account: 'practice', direction }),
      );
      placed.push(p.trade);
    }
    const expiry = placed[0]!.expiresAt.getTime();
    await writeTick(db, symbol, new Date(expiry - 100), 100_000_010n, 'simulated');
    await writeTick(db, symbol, new Date(expiry + 1_500), 100_000_010n, 'simulated');
    await settle(placed[0]!.id, expiry); // won: +14,000 on 10,000
    await settle(placed[1]!.id, expiry); // lost
    await cancelTrade(db, placed[2]!.id, { adminId: await createUser(db, 'admin'), reason: 'test' });
    expect(await getBalances(db, userId)).toEqual({
      real: 77_777n,
      practice: 10_000_000n - 30_000n + 14_000n + 10_000n,
    });
    const kinds = await db.execute<{ kind: string }>(sql`
      select distinct a.kind from journal_entries e join postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id
      where e.reference in (${placed[0]!.id}, ${placed[1]!.id}, ${placed[2]!.id}) order by a.kind`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['house_practice', 'user_practice']);
    expect((await walletTransactions(db, userId)).total).toBe(1); // the real account: only the funding
  });
});

describe('overdueRunningTrades', () => {
  it('lists running trades past expiry plus grace, oldest first', async () => {
    const a = await runningTrade();
    const b = await runningTrade();
    const now = new Date(Math.max(a.expiry, b.expiry) + 10_000);
    const overdue = await overdueRunningTrades(db, { graceMs: 5_000, limit: 10_000, now });
    const mine = overdue.filter((t) => t.id === a.trade.id || t.id === b.trade.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      userId: expect.any(String),
      account: 'real',
      symbol: expect.any(String),
    });
    const notYet = await overdueRunningTrades(db, {
      graceMs: 5_000,
      limit: 10_000,
      now: new Date(Math.min(a.expiry, b.expiry) + 4_000),
    });
    expect(notYet.some((t) => t.id === a.trade.id || t.id === b.trade.id)).toBe(false);
    const sorted = overdue.map((t) => t.expiresAt.getTime());
    expect(sorted).toEqual([...sorted].sort((x, y) => x - y));
  });
});

describe('trade rows', () => {
  it('are final once settled, keep their terms while running, and are never deleted', async () => {
    const { symbol, trade, expiry } = await runningTrade();
    await expect(client.sql`update trades set amount = 1 where id = ${trade.id}`).rejects.toThrow(
      /terms of trade .* cannot change/,
    );
    await expect(client.sql`update trades set entry_price_e8 = 1 where id = ${trade.id}`).rejects.toThrow(
      /cannot change/,
    );
    await priceAtExpiry(symbol, expiry, 100_000_001n);
    await settle(trade.id, expiry);
    await expect(
      client.sql`update trades set status = 'lost', payout = 0, profit = -amount where id = ${trade.id}`,
    ).rejects.toThrow(/is won and final/);
    await expect(client.sql`delete from trades where id = ${trade.id}`).rejects.toThrow(/never removed/);
  });

  it('keep their copied terms when the setting they used is deleted', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    await fund(db, userId, 10_000n);
    const entryTick = await writeTick(db, uniqueSymbol('Y'), at(0), 100n);
    // In a transaction that is rolled back: other tests expect the default settings only.
    let row: TradeRow | undefined;
    await db
      .transaction(async (tx) => {
        const [own] = await tx
          .insert(tradeSettings)
          .values({ time: 45, unit: 'Seconds', payoutPercent: 60 })
          .returning();
        const { trade } = await placeTrade(tx, placement({ userId, setting: own!, entryTick }));
        await cancelTrade(tx, trade.id, { adminId, reason: 'test' });
        await tx.delete(tradeSettings).where(eq(tradeSettings.id, own!.id));
        [row] = await tx.select().from(trades).where(eq(trades.id, trade.id));
        tx.rollback();
      })
      .catch(() => {});
    expect(row).toMatchObject({
      settingId: null,
      durationSeconds: 45,
      payoutPercent: 60,
      status: 'cancelled',
    });
  });
});

describe('recomputeOutcome', () => {
  it('recomputes every settled trade of this file from the archive to the stored result', async () => {
    const rows = await db
      .select({ id: trades.id })
      .from(trades)
      .where(sql`${trades.status} <> 'running' and ${trades.symbol} like 'Y%'`);
    expect(rows.length).toBeGreaterThan(5);
    for (const { id } of rows) {
      const r = await recomputeOutcome(db, id);
      expect(r.matches, id).toBe(true);
    }
  });

  it('notices a stored result the archive does not support', async () => {
    const { symbol, trade, expiry } = await runningTrade({ direction: 'up' });
    await priceAtExpiry(symbol, expiry, 100_000_001n);
    await settle(trade.id, expiry);
    // A tick at expiry that reached the archive only after settlement changes the answer.
    await writeTick(db, symbol, new Date(expiry - 1), 90_000_000n);
    const r = await recomputeOutcome(db, trade.id);
    expect(r.matches).toBe(false);
    expect(r.recomputed?.status).toBe('lost');
  });
});
