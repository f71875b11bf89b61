import { PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { IdempotencyConflictError, TradeNotRunningError } from './errors.ts';
import {
  cancelTrade,
  checkLedgerInvariants,
  type EntryTick,
  getBalances,
  getBalancesOf,
  placeTrade,
  post,
  recomputeOutcome,
  type SettleExpiryResult,
  settleExpiry,
  settleTrade,
  type TradeSettingTerms,
} from './index.ts';
import {
  at,
  createUser,
  fund,
  placement,
  settingWithPayout,
  uniqueSymbol,
  writeTick,
} from './money.fixtures.ts';
import { type TradeRow, trades } from './schema/index.ts';

const url = inject('databaseUrl');
const client = createDb(url, { max: 10 });
const other = createDb(url, { max: 4 });
afterAll(async () => {
  await Promise.all([client.close(), other.close()]);
});
const { db } = client;

const STALE_MS = 5_000;
const E8 = 100_000_000n;
let setting: TradeSettingTerms; // 40 % over 40 s: placed in at(0)'s second, expires at at(40_999)
beforeAll(async () => {
  setting = await settingWithPayout(db, 40);
});
const EXPIRY = at(40_999);

async function fundedUser(paise = 1_000_000n) {
  const userId = await createUser(db);
  await fund(db, userId, paise);
  return userId;
}

type Order = {
  userId: string;
  entry: EntryTick;
  direction?: 'up' | 'down';
  account?: 'real' | 'practice';
  amount?: bigint;
};

/** Trades placed within at(0)'s second: they all expire at EXPIRY. */
async function placeAll(orders: Order[]): Promise<TradeRow[]> {
  const placed: TradeRow[] = [];
  for (const [i, o] of orders.entries()) {
    const { trade } = await placeTrade(
      db,
      placement({
        userId: o.userId,
        setting,
        entryTick: o.entry,
        direction: o.direction ?? 'up',
        account: o.account ?? 'real',
        amountPaise: o.amount ?? 10_000n,
        now: at(500 + i),
      }),
    );
    expect(trade.expiresAt).toEqual(EXPIRY);
    placed.push(trade);
  }
  return placed;
}

/** The exit tick of the instant, and a later one: the price at expiry is final. */
async function priceAtExpiry(
  symbol: string,
  priceE8: bigint,
  options: { lagMs?: number; source?: string } = {},
) {
  await writeTick(db, symbol, new Date(EXPIRY.getTime() - (options.lagMs ?? 300)), priceE8, options.source);
  await writeTick(db, symbol, new Date(EXPIRY.getTime() + 1_500), 1n, options.source);
}

const settleAll = (symbol: string, over: { limit?: number; now?: Date } = {}) =>
  settleExpiry(db, {
    symbol,
    expiresAt: EXPIRY,
    staleAfterMs: STALE_MS,
    now: over.now ?? new Date(EXPIRY.getTime() + 2_000),
    limit: over.limit ?? 1_000,
  });

async function statusOf(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  if (!row) throw new Error(`no trade ${id}`);
  return row;
}

/** Closing entries (payout or refund) per trade id. */
async function closingEntries(ids: string[]): Promise<Map<string, number>> {
  const rows = await db.execute<{ reference: string; n: number }>(sql`
    select reference, count(*)::int as n from journal_entries
    where reference = any(${sql.param(ids)}::text[]) and type in ('trade_payout', 'trade_refund')
    group by reference`);
  return new Map(rows.map((r) => [r.reference, r.n]));
}

/**
 * Waits until no transaction holds any of `tradeIds`: a row lock is the holder's id in the row's
 * xmax, and a transaction holds the lock on its own id until it ends.
 */
async function released(tradeIds: string[]) {
  await expect
    .poll(
      async () => {
        const [row] = await client.sql<Array<{ held: number }>>`
          select count(*)::int as held from trades t
          join pg_locks l on l.locktype = 'transactionid' and l.transactionid = t.xmax
            and l.mode = 'ExclusiveLock' and l.granted
          where t.id = any(${client.sql.array(tradeIds)}::uuid[])`;
        return row?.held;
      },
      { timeout: 20_000, interval: 5 },
    )
    .toBe(0);
}

/**
 * How many settle_expiry statements wait for a lock that the backend `pid` holds. Asked on
 * another connection than `pid`'s: a transaction reads pg_stat_activity once and keeps it.
 */
async function batchesBlockedBy(pid: number): Promise<number | undefined> {
  const [row] = await client.sql<Array<{ n: number }>>`
    select count(*)::int as n from pg_stat_activity
    where wait_event_type = 'Lock' and query like '%settle_expiry%'
      and ${pid}::int = any(pg_blocking_pids(pid))`;
  return row?.n;
}

const nothingLeft: Omit<SettleExpiryResult, 'settled'> = {
  awaitingPrice: false,
  locked: [],
  more: false,
};

describe('settleExpiry', () => {
  it('settles every trade of the instant as settleTrade would: several users, both accounts, every result', async () => {
    const symbol = uniqueSymbol('E');
    const [ann, bob, cem] = await Promise.all([fundedUser(), fundedUser(), fundedUser()]);
    if (!ann || !bob || !cem) throw new Error('no users');
    // Three entry prices; the exit price (101) is above the first, equal to the second, below the third.
    const e100 = await writeTick(db, symbol, at(100), 100n * E8);
    const e101 = await writeTick(db, symbol, at(200), 101n * E8);
    const e102 = await writeTick(db, symbol, at(300), 102n * E8);
    const placed = await placeAll([
      { userId: ann, entry: e100, direction: 'up', amount: 10_001n }, // won: 10,001 + 4,000.4 -> 14,001
      { userId: ann, entry: e100, direction: 'down' }, // lost
      { userId: ann, entry: e101, direction: 'up', account: 'practice' }, // draw
      { userId: bob, entry: e102, direction: 'down', amount: 25_000n }, // won
      { userId: bob, entry: e102, direction: 'up', account: 'practice' }, // lost
      { userId: cem, entry: e101, direction: 'down' }, // draw
      { userId: cem, entry: e100, direction: 'up', account: 'practice', amount: 5_000n }, // won
      { userId: bob, entry: e100, direction: 'up' }, // won
    ]);
    await priceAtExpiry(symbol, 101n * E8);
    const before = await getBalancesOf(db, [ann, bob, cem]);

    const result = await settleAll(symbol);
    expect({ ...result, settled: undefined }).toEqual({ ...nothingLeft, settled: undefined });
    expect(result.settled.map((s) => s.trade.id).sort()).toEqual(placed.map((t) => t.id).sort());
    expect(placed.map((t) => result.settled.find((s) => s.trade.id === t.id)?.trade.status)).toEqual([
      'won',
      'lost',
      'draw',
      'won',
      'lost',
      'draw',
      'won',
      'won',
    ]);
    for (const t of placed) {
      const { trade, matches } = await recomputeOutcome(db, t.id);
      expect(matches, `${t.id} as the archive decides it`).toBe(true);
      expect(trade).toMatchObject({ exitPriceE8: 101n * E8, staleAfterMs: STALE_MS });
    }
    // Exactly one closing entry per trade that pays something, none for a loss.
    const closes = await closingEntries(placed.map((t) => t.id));
    for (const s of result.settled) expect(closes.get(s.trade.id) ?? 0).toBe(s.trade.payout === 0n ? 0 : 1);

    // Balances: before + every payout; each settled row's balance is its account's right after it.
    const after = await getBalancesOf(db, [ann, bob, cem]);
    for (const userId of [ann, bob, cem]) {
      for (const account of ['real', 'practice'] as const) {
        const mine = result.settled.filter((s) => s.trade.userId === userId && s.trade.account === account);
        const paid = mine.reduce((sum, s) => sum + (s.trade.payout ?? 0n), 0n);
        expect(after.get(userId)?.[account]).toBe((before.get(userId)?.[account] ?? -1n) + paid);
        // Settled in account order: the account's last row carries its balance after the batch.
        if (mine.length > 0) expect(mine.at(-1)?.balanceAfter).toBe(after.get(userId)?.[account]);
      }
      expect(after.get(userId)).toEqual(await getBalances(db, userId));
    }
    // Every row carries both of its owner's balances after the whole batch, as read after it.
    for (const s of result.settled) expect(s.balances, s.trade.id).toEqual(after.get(s.trade.userId));
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it("carries an owner's other account as it stands, and the opening balance of an account not open yet", async () => {
    const symbol = uniqueSymbol('B');
    const elsewhere = uniqueSymbol('C');
    const [dev, eva] = await Promise.all([fundedUser(), fundedUser()]);
    if (!dev || !eva) throw new Error('no users');
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    // Dev's practice account is open and spent on a trade of another symbol, still running.
    await placeAll([
      {
        userId: dev,
        entry: await writeTick(db, elsewhere, at(100), 100n * E8),
        account: 'practice',
        amount: 7_000n,
      },
    ]);
    await placeAll([
      { userId: dev, entry, direction: 'up' },
      { userId: eva, entry, direction: 'up', amount: 30_000n },
    ]);
    await priceAtExpiry(symbol, 101n * E8);
    const result = await settleAll(symbol);
    expect(result.settled).toHaveLength(2);
    const byUser = new Map(result.settled.map((s) => [s.trade.userId, s.balances]));
    expect(byUser.get(dev)).toEqual({
      real: 1_000_000n + 4_000n,
      practice: PRACTICE_OPENING_BALANCE_PAISE - 7_000n,
    });
    // Eva has never traded practice money: no practice account, and the balance it opens with.
    expect(byUser.get(eva)).toEqual({ real: 1_000_000n + 12_000n, practice: PRACTICE_OPENING_BALANCE_PAISE });
    expect(byUser.get(dev)).toEqual(await getBalances(db, dev));
    expect(byUser.get(eva)).toEqual(await getBalances(db, eva));
  });

  it("settles in a caller's transaction as on the pool: results and both balances", async () => {
    const symbol = uniqueSymbol('T');
    const userId = await fundedUser();
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const placed = await placeAll([
      { userId, entry, direction: 'up' },
      { userId, entry, direction: 'down', account: 'practice' },
    ]);
    await priceAtExpiry(symbol, 101n * E8);
    const result = await db.transaction((tx) =>
      settleExpiry(tx, {
        symbol,
        expiresAt: EXPIRY,
        staleAfterMs: STALE_MS,
        now: new Date(EXPIRY.getTime() + 2_000),
        limit: 1_000,
      }),
    );
    expect(result.settled.map((s) => [s.trade.id, s.trade.status]).sort()).toEqual(
      [
        [placed[0]?.id, 'won'],
        [placed[1]?.id, 'lost'],
      ].sort(),
    );
    const balances = await getBalances(db, userId);
    for (const s of result.settled) expect(s.balances).toEqual(balances);
  });

  it('voids on a stale feed, and voids real money whose only price at expiry is simulated', async () => {
    const stale = uniqueSymbol('V');
    const simulated = uniqueSymbol('M');
    const userId = await fundedUser();
    const staleEntry = await writeTick(db, stale, at(100), 100n * E8);
    const simEntry = await writeTick(db, simulated, at(100), 100n * E8);
    const [staleTrade, realOnSim, practiceOnSim] = await placeAll([
      { userId, entry: staleEntry },
      { userId, entry: simEntry, direction: 'up' },
      { userId, entry: simEntry, direction: 'up', account: 'practice' },
    ]);
    if (!staleTrade || !realOnSim || !practiceOnSim) throw new Error('not placed');
    // The stale symbol's last price before expiry is older than the bound.
    await priceAtExpiry(stale, 200n * E8, { lagMs: STALE_MS + 1 });
    // The other symbol has only simulated prices after the entry: they decide practice only.
    await priceAtExpiry(simulated, 120n * E8, { source: 'simulated' });

    const [a, b] = [await settleAll(stale), await settleAll(simulated)];
    expect(a.settled.map((s) => s.trade)).toMatchObject([
      { id: staleTrade.id, status: 'void', payout: 10_000n },
    ]);
    expect(a.settled[0]?.trade.voidReason).toMatch(/^No fresh market price at expiry/);
    const byId = new Map(b.settled.map((s) => [s.trade.id, s.trade]));
    // The last live price for real money is the 40 s old entry tick: stale, so void, never a win.
    expect(byId.get(realOnSim.id)).toMatchObject({ status: 'void', exitSource: 'binance', payout: 10_000n });
    expect(byId.get(practiceOnSim.id)).toMatchObject({
      status: 'won',
      exitSource: 'simulated',
      payout: 14_000n,
    });
    for (const t of [staleTrade, realOnSim, practiceOnSim]) {
      expect((await recomputeOutcome(db, t.id)).matches).toBe(true);
    }
    expect(await getBalances(db, userId)).toEqual({
      real: 1_000_000n,
      practice: PRACTICE_OPENING_BALANCE_PAISE + 4_000n,
    });
  });

  it('writes what settle_trade writes, trade by trade: results, exit ticks, reasons, closing entries', async () => {
    const userId = await fundedUser(100_000_000n);
    const ms = (offset: number) => new Date(EXPIRY.getTime() + offset);
    // Each case: the ticks a symbol gets after the trades placed on it (entry prices 100, 101 and
    // 102; both accounts, both directions): wins, losses, draws and every kind of void.
    const cases: Array<{ name: string; ticks: (symbol: string) => Promise<void>; archiveEntry?: boolean }> = [
      {
        name: 'moved',
        ticks: async (s) => {
          await writeTick(db, s, ms(-300), 101n * E8);
          await writeTick(db, s, ms(1_500), 1n);
        },
      },
      {
        name: 'stale',
        ticks: async (s) => {
          await writeTick(db, s, ms(-STALE_MS - 1), 101n * E8);
          await writeTick(db, s, ms(1_500), 1n);
        },
      },
      {
        name: 'simulated at expiry',
        ticks: async (s) => {
          await writeTick(db, s, ms(-300), 103n * E8, 'simulated');
          await writeTick(db, s, ms(1_500), 1n, 'simulated');
        },
      },
      {
        name: 'no price before expiry',
        archiveEntry: false,
        ticks: async (s) => {
          await writeTick(db, s, ms(1_500), 1n);
        },
      },
    ];
    for (const c of cases) {
      const settleBoth: Array<Map<string, TradeRow>> = [];
      const entryTypes: Array<Array<unknown>> = [];
      for (const how of ['batch', 'one by one'] as const) {
        const symbol = uniqueSymbol('Q');
        const tick = (priceE8: bigint, atMs: number): EntryTick => ({
          symbol,
          priceE8,
          aggTradeId: atMs,
          exchangeTs: at(atMs),
          source: 'binance',
        });
        const entries = [
          [100n * E8, 100],
          [101n * E8, 150],
          [102n * E8, 200],
        ] as const;
        const entryTicks: EntryTick[] = [];
        for (const [priceE8, atMs] of entries) {
          entryTicks.push(
            c.archiveEntry === false ? tick(priceE8, atMs) : await writeTick(db, symbol, at(atMs), priceE8),
          );
        }
        const placed = await placeAll(
          entryTicks.flatMap((entry) =>
            (['real', 'practice'] as const).flatMap((account) =>
              (['up', 'down'] as const).map((direction) => ({
                userId,
                entry,
                direction,
                account,
                amount: 10_003n,
              })),
            ),
          ),
        );
        await c.ticks(symbol);
        const now = new Date(EXPIRY.getTime() + 2_000);
        if (how === 'batch') {
          const r = await settleExpiry(db, {
            symbol,
            expiresAt: EXPIRY,
            staleAfterMs: STALE_MS,
            now,
            limit: 100,
          });
          expect(r.settled).toHaveLength(placed.length);
        } else {
          for (const t of placed) {
            expect((await settleTrade(db, t.id, { staleAfterMs: STALE_MS, now })).changed).toBe(true);
          }
        }
        // Keyed by the order the trades were placed in, without what differs between the twins
        // (ids, symbol, tick ids: recomputeOutcome checks each trade has its symbol's exit tick).
        const rows = new Map<string, TradeRow>();
        for (const [i, t] of placed.entries()) {
          const { trade, matches } = await recomputeOutcome(db, t.id);
          expect(matches, `${c.name}, ${how}: ${t.id}`).toBe(true);
          rows.set(String(i), {
            ...trade,
            id: '',
            symbol: '',
            idempotencyKey: null,
            entryAggTradeId: null,
            exitAggTradeId: null,
            settledAt: null,
          });
        }
        settleBoth.push(rows);
        const closing = await db.execute<{ i: number; type: string; remarks: string; amount: string }>(sql`
          select t.i::int as i, e.type, replace(e.remarks, ${symbol}, 'S') as remarks,
                 sum(p.amount) filter (where a.user_id is not null)::text as amount
          from unnest(${sql.param(placed.map((t) => t.id))}::uuid[]) with ordinality as t(id, i)
          join journal_entries e on e.reference = t.id::text and e.type <> 'trade_stake'
          join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
          group by t.i, e.id order by t.i`);
        entryTypes.push([...closing]);
      }
      expect(settleBoth[0], c.name).toEqual(settleBoth[1]);
      expect(entryTypes[0], c.name).toEqual(entryTypes[1]);
    }
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('waits while the price at expiry is not final, writing nothing, then settles at it', async () => {
    const symbol = uniqueSymbol('W');
    const userId = await fundedUser();
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const placed = await placeAll([
      { userId, entry },
      { userId, entry, direction: 'down' },
    ]);
    await writeTick(db, symbol, new Date(EXPIRY.getTime() - 100), 103n * E8);

    const early = await settleAll(symbol, { now: new Date(EXPIRY.getTime() - 1) });
    expect(early).toEqual({ ...nothingLeft, settled: [], awaitingPrice: true });
    // No tick after expiry yet, and the staleness bound has not passed.
    const waiting = await settleAll(symbol, { now: new Date(EXPIRY.getTime() + 1_000) });
    expect(waiting).toEqual({ ...nothingLeft, settled: [], awaitingPrice: true });
    for (const t of placed) expect((await statusOf(t.id)).status).toBe('running');
    expect(await closingEntries(placed.map((t) => t.id))).toEqual(new Map());

    await writeTick(db, symbol, new Date(EXPIRY.getTime() + 1), 1n);
    const done = await settleAll(symbol, { now: new Date(EXPIRY.getTime() + 1_100) });
    expect(done.settled.map((s) => s.trade.status).sort()).toEqual(['lost', 'won']);
  });

  it('pages through the instant in id order, `limit` trades per call', async () => {
    const symbol = uniqueSymbol('P');
    const users = await Promise.all([fundedUser(), fundedUser()]);
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const placed = await placeAll(
      Array.from({ length: 7 }, (_, i) => ({ userId: users[i % 2] ?? '', entry, direction: 'up' as const })),
    );
    await priceAtExpiry(symbol, 105n * E8);
    const ids = placed.map((t) => t.id).sort();

    const pages: SettleExpiryResult[] = [];
    for (let i = 0; i < 4; i++) pages.push(await settleAll(symbol, { limit: 3 }));
    expect(pages.map((p) => [p.settled.length, p.more])).toEqual([
      [3, true],
      [3, true],
      [1, false],
      [0, false],
    ]);
    expect(pages[0]?.settled.map((s) => s.trade.id).sort()).toEqual(ids.slice(0, 3));
    expect(pages[1]?.settled.map((s) => s.trade.id).sort()).toEqual(ids.slice(3, 6));
    expect(pages.flatMap((p) => p.locked)).toEqual([]);
    expect(await closingEntries(ids)).toEqual(new Map(ids.map((id) => [id, 1])));
  });

  it('settles nothing the second time it is called', async () => {
    const symbol = uniqueSymbol('T');
    const userId = await fundedUser();
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const placed = await placeAll([
      { userId, entry },
      { userId, entry, direction: 'down' },
    ]);
    await priceAtExpiry(symbol, 99n * E8);
    expect((await settleAll(symbol)).settled).toHaveLength(2);
    const balances = await getBalances(db, userId);
    expect(await settleAll(symbol)).toEqual({ ...nothingLeft, settled: [] });
    expect(await getBalances(db, userId)).toEqual(balances);
    expect(await closingEntries(placed.map((t) => t.id))).toEqual(new Map([[placed[1]?.id, 1]]));
  });

  it('skips a trade an admin is cancelling, lists it as locked, and never settles it as well', async () => {
    const symbol = uniqueSymbol('C');
    const [userId, owner, adminId] = await Promise.all([fundedUser(), fundedUser(), createUser(db, 'admin')]);
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const [cancelled, ...rest] = await placeAll([
      { userId: owner, entry },
      { userId, entry },
      { userId, entry, direction: 'down' },
    ]);
    if (!cancelled) throw new Error('not placed');
    await priceAtExpiry(symbol, 110n * E8);

    // The cancel holds its trade row (and its owner's account) on another connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const cancelling = other.db.transaction(async (tx) => {
      const done = await cancelTrade(tx, cancelled.id, { adminId, reason: 'Feed incident' });
      locked();
      await held;
      return done;
    });
    await isLocked;
    try {
      const result = await settleAll(symbol);
      expect(result.settled.map((s) => s.trade.id).sort()).toEqual(rest.map((t) => t.id).sort());
      expect(result.locked).toEqual([cancelled.id]);
      expect(result.more).toBe(false);
    } finally {
      release();
    }
    await cancelling;

    expect(await settleAll(symbol)).toEqual({ ...nothingLeft, settled: [] });
    expect((await statusOf(cancelled.id)).status).toBe('cancelled');
    expect((await closingEntries([cancelled.id])).get(cancelled.id)).toBe(1);
  });

  it('races a cancel: the trade ends either cancelled or settled, with one closing entry', async () => {
    const [userId, adminId] = await Promise.all([fundedUser(), createUser(db, 'admin')]);
    for (let round = 0; round < 5; round++) {
      const symbol = uniqueSymbol('R');
      const entry = await writeTick(db, symbol, at(100), 100n * E8);
      const placed = await placeAll([
        { userId, entry },
        { userId, entry },
      ]);
      await priceAtExpiry(symbol, 110n * E8);
      const target = placed[round % 2];
      if (!target) throw new Error('not placed');
      const [batch, cancel] = await Promise.allSettled([
        settleAll(symbol),
        cancelTrade(other.db, target.id, { adminId, reason: 'Race' }),
      ]);
      if (batch.status !== 'fulfilled') throw batch.reason;
      const settledIt = batch.value.settled.some((s) => s.trade.id === target.id);
      if (cancel.status === 'fulfilled') {
        expect(settledIt).toBe(false);
        expect((await statusOf(target.id)).status).toBe('cancelled');
      } else {
        expect(cancel.reason).toBeInstanceOf(TradeNotRunningError);
        expect(settledIt).toBe(true);
        expect((await statusOf(target.id)).status).toBe('won');
      }
      // A skipped (locked) trade is cancelled by now: nothing is left to settle.
      expect((await settleAll(symbol)).settled).toEqual([]);
      expect(await closingEntries(placed.map((t) => t.id))).toEqual(new Map(placed.map((t) => [t.id, 1])));
    }
  });

  it('runs two batches at once over the same users (two symbols, and one instant twice) without a deadlock', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => fundedUser()));
    const symbols = [uniqueSymbol('A'), uniqueSymbol('B')];
    const placed: TradeRow[] = [];
    for (const symbol of symbols) {
      const entry = await writeTick(db, symbol, at(100), 100n * E8);
      // Users in opposite orders on the two symbols, practice and real interleaved.
      const order = symbol === symbols[0] ? users : [...users].reverse();
      placed.push(
        ...(await placeAll(
          Array.from({ length: 60 }, (_, i) => ({
            userId: order[i % order.length] ?? '',
            entry,
            direction: i % 3 ? ('up' as const) : ('down' as const),
            account: i % 4 ? ('real' as const) : ('practice' as const),
          })),
        )),
      );
      await priceAtExpiry(symbol, 101n * E8);
    }
    // The function itself, without settleExpiry's retry: a deadlock would fail the test.
    const now = new Date(EXPIRY.getTime() + 2_000);
    const run = (pool: typeof client.sql, symbol: string) =>
      pool<Array<{ outcome: string; id: string }>>`
        select r.o_outcome as outcome, (r.o_trade).id::text as id
        from settle_expiry(${symbol}, ${EXPIRY.toISOString()}::timestamptz, ${STALE_MS}, ${now.toISOString()}::timestamptz, 25) r`;
    const drain = async (pool: typeof client.sql, symbol: string) => {
      const settled: string[] = [];
      for (;;) {
        const rows = await run(pool, symbol);
        settled.push(...rows.filter((r) => r.outcome === 'settled').map((r) => r.id));
        const locked = rows.filter((r) => r.outcome === 'locked').map((r) => r.id);
        if (rows.length - locked.length === 25) continue;
        if (locked.length === 0) return settled;
        // Another batch holds these: run again once its transaction has ended.
        await released(locked);
      }
    };
    const results = await Promise.all([
      drain(client.sql, symbols[0] ?? ''),
      drain(other.sql, symbols[1] ?? ''),
      drain(client.sql, symbols[1] ?? ''),
      drain(other.sql, symbols[0] ?? ''),
    ]);
    const all = results.flat();
    expect(all).toHaveLength(placed.length);
    expect(new Set(all).size).toBe(placed.length);
    const closes = await closingEntries(placed.map((t) => t.id));
    for (const t of placed) {
      const { trade, matches } = await recomputeOutcome(db, t.id);
      expect(matches).toBe(true);
      expect(closes.get(t.id) ?? 0).toBe(trade.payout === 0n ? 0 : 1);
    }
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('runs a batch again when a deadlock with another writer rolled it back', async () => {
    const symbol = uniqueSymbol('D');
    // uuids sort as their text: the batch takes the first user's account, then the second's.
    const [first, second] = (await Promise.all([fundedUser(), fundedUser()])).sort();
    if (!first || !second) throw new Error('no users');
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const placed = await placeAll([
      { userId: first, entry },
      { userId: second, entry },
    ]);
    await priceAtExpiry(symbol, 101n * E8);

    let batch: Promise<SettleExpiryResult> | undefined;
    // A writer that takes the same two accounts the other way round.
    await other.sql.begin(async (tx) => {
      const account = (userId: string) =>
        tx`select balance from ledger_accounts where user_id = ${userId} and kind = 'user_real' for update`;
      await account(second);
      const [self] = await tx<Array<{ pid: number }>>`select pg_backend_pid() as pid`;
      if (!self) throw new Error('no backend pid');
      batch = settleAll(symbol);
      // The batch has settled the first user's trade and waits for the second account.
      await expect.poll(() => batchesBlockedBy(self.pid), { timeout: 20_000, interval: 10 }).toBe(1);
      // Deadlock: the batch, waiting longer, is the one Postgres rolls back; this goes on.
      await account(first);
    });
    const result = await batch;
    expect(result?.settled.map((s) => s.trade.id).sort()).toEqual(placed.map((t) => t.id).sort());
    expect(await closingEntries(placed.map((t) => t.id))).toEqual(new Map(placed.map((t) => [t.id, 1])));
  });

  it('settles a trade whose closing entry exists without posting it again, and opens an account not open yet', async () => {
    const symbol = uniqueSymbol('F');
    const userId = await fundedUser();
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const [keyTaken, normal] = await placeAll([
      { userId, entry, direction: 'up' },
      { userId, entry, direction: 'down' },
    ]);
    if (!keyTaken || !normal) throw new Error('not placed');
    // The trade's closing credit already posted (as a crashed earlier settlement might have):
    // the batch checks it is the same movement and does not post it again.
    await db.transaction((tx) =>
      post(tx, {
        type: 'trade_refund',
        userId,
        account: 'real',
        amount: 10_000n,
        counterparty: 'house_real',
        reference: keyTaken.id,
        idempotencyKey: `trade:${keyTaken.id}:close`,
      }),
    );
    // A running trade of a user without ledger accounts: the batch opens them.
    const stranger = await createUser(db);
    const [noAccount] = await db
      .insert(trades)
      .values({
        userId: stranger,
        account: 'practice',
        symbol,
        direction: 'up',
        amount: 10_000n,
        durationSeconds: 40,
        payoutPercent: 40,
        entryPriceE8: entry.priceE8,
        entryExchangeTs: entry.exchangeTs,
        entrySource: entry.source,
        entrySecond: at(0),
        expiresAt: EXPIRY,
        createdAt: at(600),
      })
      .returning();
    if (!noAccount) throw new Error('no trade row');
    // Equal to the entry: a draw, whose credit is the stake, as the existing entry says.
    await priceAtExpiry(symbol, 100n * E8);

    const result = await settleAll(symbol);
    expect(result.settled.map((s) => s.trade.id).sort()).toEqual(
      [keyTaken.id, normal.id, noAccount.id].sort(),
    );
    expect(result.locked).toEqual([]);
    expect((await statusOf(keyTaken.id)).status).toBe('draw');
    expect((await statusOf(noAccount.id)).status).toBe('draw');
    expect(await closingEntries([keyTaken.id, noAccount.id])).toEqual(
      new Map([
        [keyTaken.id, 1],
        [noAccount.id, 1],
      ]),
    );
    // The stranger's accounts opened (practice with its opening balance) and got the stake back.
    expect((await getBalances(db, stranger)).practice).toBe(PRACTICE_OPENING_BALANCE_PAISE + 10_000n);
    expect(await settleAll(symbol)).toEqual({ ...nothingLeft, settled: [] });
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('refuses to settle over a closing entry posted for a different movement, writing nothing', async () => {
    const symbol = uniqueSymbol('M');
    const userId = await fundedUser();
    const entry = await writeTick(db, symbol, at(100), 100n * E8);
    const [trade] = await placeAll([{ userId, entry, direction: 'up' }]);
    if (!trade) throw new Error('not placed');
    // A refund of half the stake under the trade's closing key: not what any settlement pays.
    await db.transaction((tx) =>
      post(tx, {
        type: 'trade_refund',
        userId,
        account: 'real',
        amount: 5_000n,
        counterparty: 'house_real',
        reference: trade.id,
        idempotencyKey: `trade:${trade.id}:close`,
      }),
    );
    await priceAtExpiry(symbol, 100n * E8);
    const before = await getBalances(db, userId);

    await expect(settleAll(symbol)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(
      settleTrade(db, trade.id, { staleAfterMs: STALE_MS, now: new Date(EXPIRY.getTime() + 2_000) }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await statusOf(trade.id)).status).toBe('running');
    expect(await getBalances(db, userId)).toEqual(before);
    expect(await closingEntries([trade.id])).toEqual(new Map([[trade.id, 1]]));
  });
});

describe('getBalancesOf', () => {
  it('answers both balances of many users in one query, as getBalances does one by one', async () => {
    const [funded, untouched] = await Promise.all([fundedUser(123_456n), createUser(db)]);
    const balances = await getBalancesOf(db, [funded, untouched, funded]);
    expect([...balances.keys()].sort()).toEqual([funded, untouched].sort());
    expect(balances.get(funded)).toEqual(await getBalances(db, funded));
    expect(balances.get(untouched)).toEqual({ real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE });
    expect(await getBalancesOf(db, [])).toEqual(new Map());
  });
});
