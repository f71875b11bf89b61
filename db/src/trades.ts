import {
  type MoneyAccount,
  PRACTICE_OPENING_BALANCE_PAISE,
  TRADE_UNIT_SECONDS,
  type TradeDirection,
  type TradeStatus,
  type TradeUnit,
} from '@app/shared';
import { and, asc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { DbOrTx, Tx } from './client.ts';
import { type Balances, getBalances, type PlatformAccountKind, post } from './ledger.ts';
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
} from './money-errors.ts';
import { type TradeRow, trades } from './schema/trades.ts';
import { users } from './schema/users.ts';
import { hasTickAfter, lastTickAtOrBefore, wholeSecond } from './ticks.ts';

/**
 * Trades: placement, settlement, cancellation. Each function is one transaction (a savepoint
 * when given a transaction) and safe to call again: a repeated placement finds its trade by
 * the idempotency key, a repeated settlement or cancellation finds the trade no longer
 * running. Lock order everywhere: the trade row, then the user's ledger account.
 */

const HOUSE: Record<MoneyAccount, PlatformAccountKind> = { real: 'house_real', practice: 'house_practice' };
const SIMULATED = 'simulated';

/** Ledger idempotency keys: one stake and at most one closing credit per trade, ever. */
const stakeKey = (tradeId: string) => `trade:${tradeId}:stake`;
const closeKey = (tradeId: string) => `trade:${tradeId}:close`;

/** A market tick as placement receives it (from the latest-price cache or the archive). */
export type EntryTick = {
  symbol: string;
  priceE8: bigint;
  aggTradeId: number | null;
  exchangeTs: Date;
  source: string;
};

export type TradeSettingTerms = { id: number; time: number; unit: TradeUnit; payoutPercent: number };

/**
 * The session a placement is asked in: the version of the token the user signed in with. A
 * placement goes through only while the user exists, is not banned and still has that token
 * version, checked in the placement's own transaction (SessionEndedError, UserBannedError).
 */
export type PlacementSession = { tokenVersion: number };

export type PlaceTradeInput = {
  userId: string;
  session: PlacementSession;
  account: MoneyAccount;
  symbol: string;
  direction: TradeDirection;
  /** Stake in paise, > 0. */
  amountPaise: bigint;
  setting: TradeSettingTerms;
  entryTick: EntryTick;
  /** The placement instant; the trade expires `setting` later. */
  now: Date;
  /** The oldest entry price accepted, in ms before `now`. */
  maxTickAgeMs: number;
  idempotencyKey?: string | null;
};

export type PlacedTrade = {
  trade: TradeRow;
  /** False when the idempotency key found an earlier placement: nothing moved now. */
  created: boolean;
  /** The account's balance after the stake (for a replay: its balance now). */
  balanceAfter: bigint;
  /** Both of the user's balances right after the placement (for a replay: now). */
  balances: Balances;
};

/**
 * Debit the stake and create the running trade, in one transaction. The same idempotency key
 * returns the same trade (also under concurrent retries: the unique index makes them wait for
 * the first and then find it); reusing a key for a different trade is refused.
 */
export async function placeTrade(db: DbOrTx, input: PlaceTradeInput): Promise<PlacedTrade> {
  const durationSeconds = input.setting.time * TRADE_UNIT_SECONDS[input.setting.unit];
  if (input.amountPaise <= 0n) throw new InvalidMoneyInputError('the stake must be above 0');
  if (!Number.isInteger(durationSeconds) || durationSeconds <= 0)
    throw new InvalidMoneyInputError('the trade duration must be a positive whole number of seconds');
  if (input.entryTick.symbol !== input.symbol)
    throw new InvalidMoneyInputError(`the entry tick is for ${input.entryTick.symbol}, not ${input.symbol}`);
  if (input.entryTick.priceE8 <= 0n) throw new InvalidMoneyInputError('the entry price must be above 0');
  const pct = input.setting.payoutPercent;
  if (!Number.isInteger(pct) || pct < 1 || pct > 1000)
    throw new InvalidMoneyInputError('the payout must be a whole percentage from 1 to 1000');
  const key = input.idempotencyKey ?? null;

  // The common path, one statement: a price that qualifies and an open account. A price
  // that does not qualify takes the transaction below, which still answers a retry with its
  // trade before refusing the price; so does a first movement, which opens the accounts.
  const simulatedForReal = input.account === 'real' && input.entryTick.source === SIMULATED;
  const ageMs = input.now.getTime() - input.entryTick.exchangeTs.getTime();
  if (!simulatedForReal && ageMs <= input.maxTickAgeMs) {
    const placed = await placeInOneStatement(db, input, durationSeconds, key);
    if (placed) return placed;
  }
  return placeInTransaction(db, input, durationSeconds, key);
}

/** The stake entry's remarks, as Financial Records shows them. */
const stakeRemarks = (input: PlaceTradeInput) =>
  `Trade ${input.symbol} ${input.direction === 'up' ? 'Up' : 'Down'}`;

/** SQLSTATEs place_trade (migration 0005) and place_trade_in_session (0011) raise. */
const INSUFFICIENT_FUNDS = 'MN001';
const ACCOUNT_NOT_OPEN = 'MN002';
const SESSION_ENDED = 'MN003';
const USER_BANNED = 'MN004';

/** The postgres.js error behind a (possibly Drizzle-wrapped) failure. */
function pgErrorOf(error: unknown): { code: string; detail?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const detail = 'detail' in e && typeof e.detail === 'string' ? e.detail : undefined;
      const constraint =
        'constraint_name' in e && typeof e.constraint_name === 'string' ? e.constraint_name : undefined;
      return { code: e.code, detail, constraint };
    }
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

type PlaceTradeRow = Record<string, unknown> & {
  place_outcome: 'created' | 'replayed' | 'missing';
  place_balance: bigint | null;
  place_other_balance: bigint | null;
};

const PLACE_TRADE_ARGS = [
  'integer',
  'uuid',
  'money_account',
  'text',
  'trade_direction',
  'bigint',
  'integer',
  'integer',
  'integer',
  'bigint',
  'bigint',
  'timestamptz',
  'text',
  'timestamptz',
  'timestamptz',
  'text',
  'timestamptz',
  'text',
] as const;

const PLACE_TRADE_SELECT =
  'select r.o_outcome as place_outcome, r.o_balance as place_balance, r.o_other_balance as place_other_balance, (r.o_trade).*';
const PLACE_TRADE_SQL = `${PLACE_TRADE_SELECT} from place_trade_in_session(${PLACE_TRADE_ARGS.map((type, i) => `$${i + 1}::${type}`).join(', ')}) r`;

/** What a user's account holds before its first movement (no ledger row yet). */
const OPENING: Balances = { real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE };
const OTHER: Record<MoneyAccount, MoneyAccount> = { real: 'practice', practice: 'real' };

/** Both balances from the traded account's and the other account's (null: not open yet). */
function balancesFrom(account: MoneyAccount, traded: bigint | null, other: bigint | null): Balances {
  const balances = { ...OPENING };
  balances[account] = traded ?? OPENING[account];
  balances[OTHER[account]] = other ?? OPENING[OTHER[account]];
  return balances;
}

/** A trades row as the driver returns it, mapped the way Drizzle maps a select. */
const casing = new CasingCache('snake_case');
const TRADE_COLUMNS = Object.entries(getTableColumns(trades)).map(
  ([key, column]) => [key, casing.getColumnCasing(column), column] as const,
);
function toTradeRow(raw: Record<string, unknown>): TradeRow {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of TRADE_COLUMNS) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TradeRow;
}

/**
 * placeTrade's common path as one statement (place_trade_in_session, migration 0011: the
 * session's checks, then place_trade of migration 0005): the same checks and writes as
 * placeInTransaction. Undefined when the user's accounts are not open yet (nothing was
 * written; the caller takes the transaction, which opens them). Given a transaction, it runs
 * in a savepoint, so a refusal leaves the caller's transaction usable.
 */
async function placeInOneStatement(
  db: DbOrTx,
  input: PlaceTradeInput,
  durationSeconds: number,
  key: string | null,
): Promise<PlacedTrade | undefined> {
  const params: Array<string | number | null> = [
    input.session.tokenVersion,
    input.userId,
    input.account,
    input.symbol,
    input.direction,
    input.amountPaise.toString(),
    input.setting.id,
    durationSeconds,
    input.setting.payoutPercent,
    input.entryTick.priceE8.toString(),
    input.entryTick.aggTradeId === null ? null : String(input.entryTick.aggTradeId),
    input.entryTick.exchangeTs.toISOString(),
    input.entryTick.source,
    wholeSecond(input.entryTick.exchangeTs).toISOString(),
    expiryFor(input.now, durationSeconds).toISOString(),
    key,
    input.now.toISOString(),
    stakeRemarks(input),
  ];
  let row: PlaceTradeRow | undefined;
  try {
    if ('$client' in db) {
      // The pool directly, as a prepared statement: one round trip once it is prepared.
      [row] = await db.$client.unsafe<PlaceTradeRow[]>(PLACE_TRADE_SQL, params, { prepare: true });
    } else {
      const args = params.map((value, i) => sql`${value}::${sql.raw(PLACE_TRADE_ARGS[i] ?? 'text')}`);
      [row] = await db.transaction((sp) =>
        sp.execute<PlaceTradeRow>(
          sql`${sql.raw(PLACE_TRADE_SELECT)} from place_trade_in_session(${sql.join(args, sql`, `)}) r`,
        ),
      );
    }
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === ACCOUNT_NOT_OPEN) return undefined;
    if (pg?.code === SESSION_ENDED) throw new SessionEndedError(input.userId);
    if (pg?.code === USER_BANNED) throw new UserBannedError(input.userId);
    if (pg?.code === INSUFFICIENT_FUNDS) {
      throw new InsufficientFundsError(
        input.userId,
        input.account,
        BigInt(pg.detail ?? '0'),
        -input.amountPaise,
      );
    }
    throw error;
  }
  if (!row) throw new Error('place_trade returned no row');
  if (row.place_outcome === 'missing') throw new IdempotencyConflictError(key ?? '');
  const trade = toTradeRow(row);
  const balances = balancesFrom(input.account, row.place_balance, row.place_other_balance);
  if (row.place_outcome === 'replayed') {
    checkReplay(trade, input, key ?? '');
    return { trade, created: false, balanceAfter: balances[input.account], balances };
  }
  if (row.place_balance === null) throw new Error('place_trade returned no balance');
  return { trade, created: true, balanceAfter: row.place_balance, balances };
}

/** placeInTransaction's first step: the checks place_trade_in_session makes in SQL. */
async function checkSession(tx: Tx, userId: string, session: PlacementSession): Promise<void> {
  const [user] = await tx
    .select({ tokenVersion: users.tokenVersion, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.tokenVersion !== session.tokenVersion) throw new SessionEndedError(userId);
  if (user.bannedAt) throw new UserBannedError(userId);
}

/** placeTrade as a transaction of several statements (a savepoint when given a transaction). */
async function placeInTransaction(
  db: DbOrTx,
  input: PlaceTradeInput,
  durationSeconds: number,
  key: string | null,
): Promise<PlacedTrade> {
  return db.transaction(async (tx) => {
    await checkSession(tx, input.userId, input.session);
    // The row first: with a key already used it finds the earlier trade (a concurrent first
    // request makes this wait for its commit), so a retry gets its trade back even once the
    // price it was placed at is old.
    const [trade] = await tx
      .insert(trades)
      .values({
        userId: input.userId,
        account: input.account,
        symbol: input.symbol,
        direction: input.direction,
        amount: input.amountPaise,
        settingId: input.setting.id,
        durationSeconds,
        payoutPercent: input.setting.payoutPercent,
        entryPriceE8: input.entryTick.priceE8,
        entryAggTradeId: input.entryTick.aggTradeId,
        entryExchangeTs: input.entryTick.exchangeTs,
        entrySource: input.entryTick.source,
        entrySecond: wholeSecond(input.entryTick.exchangeTs),
        expiresAt: expiryFor(input.now, durationSeconds),
        idempotencyKey: key,
        createdAt: input.now,
      })
      .onConflictDoNothing({
        target: [trades.userId, trades.idempotencyKey],
        where: sql`${trades.idempotencyKey} is not null`,
      })
      .returning();
    if (!trade) {
      const earlier = await findByIdempotencyKey(tx, input.userId, key ?? '');
      if (!earlier) throw new IdempotencyConflictError(key ?? '');
      return replayPlacement(tx, earlier, input, key ?? '');
    }
    // A new trade: its price must qualify. Throwing rolls the row back.
    if (input.account === 'real' && input.entryTick.source === SIMULATED) throw new SimulatedPriceError();
    const ageMs = input.now.getTime() - input.entryTick.exchangeTs.getTime();
    if (ageMs > input.maxTickAgeMs) throw new StalePriceError(ageMs, input.maxTickAgeMs);

    const posted = await post(tx, {
      type: 'trade_stake',
      userId: input.userId,
      account: input.account,
      amount: -input.amountPaise,
      counterparty: HOUSE[input.account],
      reference: trade.id,
      remarks: stakeRemarks(input),
      idempotencyKey: stakeKey(trade.id),
    });
    const balances = await getBalances(tx, input.userId);
    return { trade, created: true, balanceAfter: posted.balanceAfter, balances };
  });
}

/**
 * Placement instant + duration, moved forward to the last millisecond of its second
 * (x.999). The tick archive keeps the last tick of every second, so the archived row of the
 * expiry's second is then exactly "the last tick at or before expiry", and it is final as soon
 * as any later second is archived. With an expiry inside a second, a later tick of the same
 * second would overwrite the true exit tick. The trade runs 0-999 ms longer than its
 * duration, never shorter; the server sends `expiresAt`, so the countdown shows it.
 */
export function expiryFor(placedAt: Date, durationSeconds: number): Date {
  const end = placedAt.getTime() + durationSeconds * 1000;
  return new Date(Math.floor(end / 1000) * 1000 + 999);
}

async function findByIdempotencyKey(tx: Tx, userId: string, key: string): Promise<TradeRow | undefined> {
  const [row] = await tx
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.idempotencyKey, key)));
  return row;
}

async function replayPlacement(
  tx: Tx,
  earlier: TradeRow,
  input: PlaceTradeInput,
  key: string,
): Promise<PlacedTrade> {
  checkReplay(earlier, input, key);
  const balances = await getBalances(tx, input.userId);
  return { trade: earlier, created: false, balanceAfter: balances[input.account], balances };
}

/** A retry must be the same placement as the one its key found. */
function checkReplay(earlier: TradeRow, input: PlaceTradeInput, key: string): void {
  const same =
    earlier.account === input.account &&
    earlier.symbol === input.symbol &&
    earlier.direction === input.direction &&
    earlier.amount === input.amountPaise &&
    (earlier.settingId === null || earlier.settingId === input.setting.id);
  if (!same) throw new IdempotencyConflictError(key);
}

/** A tick as settlement reads it from the archive. */
export type ExitTick = {
  priceE8: bigint;
  aggTradeId: number | null;
  exchangeTs: Date;
  source: string;
  second: Date;
};

export type TradeOutcome = {
  status: Extract<TradeStatus, 'won' | 'lost' | 'draw' | 'void'>;
  /** Paise credited at settlement. */
  payout: bigint;
  profit: bigint;
  exit: ExitTick | null;
  voidReason: string | null;
};

/** Integer a * b / d rounded half away from zero (d > 0). */
export function mulDivRoundHalfAwayFromZero(a: bigint, b: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('the divisor must be positive');
  const n = a * b;
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/**
 * Profit of a won trade in paise: stake x payout% / 100, rounded half away from zero to whole
 * paise (Rs 10.01 at 25% = 250.25 paise -> 250; Rs 0.02 at 25% = 0.5 paise -> 1). The stake
 * and the percentage are whole numbers, so this is exact integer arithmetic, never a float.
 */
export function winProfit(stakePaise: bigint, payoutPercent: number): bigint {
  return mulDivRoundHalfAwayFromZero(stakePaise, BigInt(payoutPercent), 100n);
}

/**
 * The result a trade gets from its exit tick, and nothing else (INTEGRITY 1): no tick, a
 * tick older than `staleAfterMs` before expiry, or a simulated tick for real money voids the
 * trade (stake back); otherwise Up wins if exit > entry, Down wins if exit < entry, equal is
 * a draw (stake back).
 */
export function decideOutcome(
  trade: Pick<TradeRow, 'account' | 'direction' | 'amount' | 'payoutPercent' | 'entryPriceE8' | 'expiresAt'>,
  exit: ExitTick | null,
  staleAfterMs: number,
): TradeOutcome {
  const voided = (voidReason: string): TradeOutcome => ({
    status: 'void',
    payout: trade.amount,
    profit: 0n,
    exit,
    voidReason,
  });
  if (!exit) return voided('No market price was recorded before expiry; the stake is refunded.');
  if (trade.account === 'real' && exit.source === SIMULATED)
    return voided('Only a simulated price exists at expiry; the stake is refunded.');
  const lagMs = trade.expiresAt.getTime() - exit.exchangeTs.getTime();
  if (lagMs > staleAfterMs) {
    return voided(
      `No fresh market price at expiry: the last one is ${lagMs} ms older than expiry (limit ${staleAfterMs} ms); the stake is refunded.`,
    );
  }
  const moved = exit.priceE8 === trade.entryPriceE8 ? 0 : exit.priceE8 > trade.entryPriceE8 ? 1 : -1;
  if (moved === 0) return { status: 'draw', payout: trade.amount, profit: 0n, exit, voidReason: null };
  const won = (trade.direction === 'up') === moved > 0;
  if (!won) return { status: 'lost', payout: 0n, profit: -trade.amount, exit, voidReason: null };
  const profit = winProfit(trade.amount, trade.payoutPercent);
  return { status: 'won', payout: trade.amount + profit, profit, exit, voidReason: null };
}

async function exitTickOf(db: DbOrTx, trade: TradeRow): Promise<ExitTick | null> {
  const row = await lastTickAtOrBefore(db, trade.symbol, trade.expiresAt, {
    liveOnly: trade.account === 'real',
  });
  return row
    ? {
        priceE8: row.priceE8,
        aggTradeId: row.aggTradeId,
        exchangeTs: row.exchangeTs,
        source: row.source,
        second: row.second,
      }
    : null;
}

export type SettleOptions = {
  /** A trade whose last price before expiry is older than this is voided. */
  staleAfterMs: number;
  /** The settler's clock (tests); defaults to now. */
  now?: Date;
};

export type SettleResult = {
  trade: TradeRow;
  /** True only for the call that settled it. */
  changed: boolean;
  /** The account's balance after settlement, when this call settled it. */
  balanceAfter: bigint | null;
  /**
   * True when the trade is still running because the price at expiry is not final yet (call
   * again shortly): it is before expiry, or the archive has no tick after expiry while the
   * staleness bound has not passed. A tick at or before expiry may still be on its way to the
   * archive (it is written in batches), and settling early could pick a different price than
   * a later settlement would.
   */
  awaitingPrice: boolean;
};

/**
 * Settle a running trade at the last archived tick at or before its expiry, crediting the
 * payout; a no-op for a trade that is no longer running. Late calls settle at the same price
 * as punctual ones. Concurrent calls queue on the trade row; exactly one settles.
 */
export async function settleTrade(
  db: DbOrTx,
  tradeId: string,
  options: SettleOptions,
): Promise<SettleResult> {
  if (!UUID.test(tradeId)) throw new TradeNotFoundError(tradeId);
  // The common path, one statement; anything unusual (an account to open, a closing entry
  // already there) takes the transaction below.
  const settled = await settleInOneStatement(db, tradeId, options);
  return settled ?? settleInTransaction(db, tradeId, options);
}

/** SQLSTATE settle_trade (migration 0006) raises when the closing entry's key is taken. */
const CLOSE_KEY_TAKEN = 'MN003';

type SettleTradeRow = Record<string, unknown> & {
  settle_outcome: 'missing' | 'unchanged' | 'awaiting' | 'settled';
  settle_balance: bigint | null;
};

const SETTLE_TRADE_SELECT =
  'select r.o_outcome as settle_outcome, r.o_balance as settle_balance, (r.o_trade).*';
const SETTLE_TRADE_SQL = `${SETTLE_TRADE_SELECT} from settle_trade($1::uuid, $2::integer, $3::timestamptz) r`;

/**
 * settleTrade's common path as one statement (settle_trade, migration 0006): the same reads,
 * rules and writes as settleInTransaction. Undefined when the statement left the settlement
 * to the transaction (nothing was written). Given a transaction, it runs in a savepoint, so
 * a refusal leaves the caller's transaction usable.
 */
async function settleInOneStatement(
  db: DbOrTx,
  tradeId: string,
  options: SettleOptions,
): Promise<SettleResult | undefined> {
  const now = (options.now ?? new Date()).toISOString();
  let row: SettleTradeRow | undefined;
  try {
    if ('$client' in db) {
      // The pool directly, as a prepared statement: one round trip once it is prepared.
      [row] = await db.$client.unsafe<SettleTradeRow[]>(
        SETTLE_TRADE_SQL,
        [tradeId, options.staleAfterMs, now],
        { prepare: true },
      );
    } else {
      [row] = await db.transaction((sp) =>
        sp.execute<SettleTradeRow>(
          sql`${sql.raw(SETTLE_TRADE_SELECT)} from settle_trade(${tradeId}::uuid, ${options.staleAfterMs}::integer, ${now}::timestamptz) r`,
        ),
      );
    }
  } catch (error) {
    const code = pgErrorOf(error)?.code;
    if (code === ACCOUNT_NOT_OPEN || code === CLOSE_KEY_TAKEN) return undefined;
    throw error;
  }
  if (!row) throw new Error('settle_trade returned no row');
  if (row.settle_outcome === 'missing') throw new TradeNotFoundError(tradeId);
  const trade = toTradeRow(row);
  if (row.settle_outcome === 'unchanged')
    return { trade, changed: false, balanceAfter: null, awaitingPrice: false };
  if (row.settle_outcome === 'awaiting')
    return { trade, changed: false, balanceAfter: null, awaitingPrice: true };
  const balanceAfter = row.settle_balance ?? OPENING[trade.account];
  return { trade, changed: true, balanceAfter, awaitingPrice: false };
}

/** settleTrade as a transaction of several statements (a savepoint when given a transaction). */
async function settleInTransaction(
  db: DbOrTx,
  tradeId: string,
  options: SettleOptions,
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, tradeId);
    if (trade.status !== 'running')
      return { trade, changed: false, balanceAfter: null, awaitingPrice: false };
    const now = (options.now ?? new Date()).getTime();
    const expiry = trade.expiresAt.getTime();
    const waiting =
      now < expiry ||
      (now < expiry + options.staleAfterMs && !(await hasTickAfter(tx, trade.symbol, trade.expiresAt)));
    if (waiting) return { trade, changed: false, balanceAfter: null, awaitingPrice: true };

    const outcome = decideOutcome(trade, await exitTickOf(tx, trade), options.staleAfterMs);
    const [settled] = await tx
      .update(trades)
      .set({
        status: outcome.status,
        exitPriceE8: outcome.exit?.priceE8 ?? null,
        exitAggTradeId: outcome.exit?.aggTradeId ?? null,
        exitExchangeTs: outcome.exit?.exchangeTs ?? null,
        exitSource: outcome.exit?.source ?? null,
        exitSecond: outcome.exit?.second ?? null,
        staleAfterMs: options.staleAfterMs,
        payout: outcome.payout,
        profit: outcome.profit,
        voidReason: outcome.voidReason,
        settledAt: sql`now()`,
      })
      .where(and(eq(trades.id, trade.id), eq(trades.status, 'running')))
      .returning();
    if (!settled) throw new Error(`trade ${trade.id} changed under its row lock`);
    const balanceAfter = await credit(
      tx,
      settled,
      outcome.status === 'won' ? 'trade_payout' : 'trade_refund',
    );
    return { trade: settled, changed: true, balanceAfter, awaitingPrice: false };
  });
}

export type SettleExpiryInput = {
  symbol: string;
  /** The instant (an x.999 expiry, see expiryFor). */
  expiresAt: Date;
  /** A trade whose last price before expiry is older than this is voided. */
  staleAfterMs: number;
  /** The settler's clock (tests); defaults to now. */
  now?: Date;
  /** Trades settled in this call (one transaction), at most; the lowest ids first. */
  limit: number;
};

export type SettleExpiryResult = {
  /**
   * Settled by this call, in account order (user, account, trade id). `balances`: both of the
   * owner's balances as read in the batch's transaction once it had written (migration 0012),
   * the same on each of an owner's trades: what the batch's events carry.
   */
  settled: Array<{ trade: TradeRow; balanceAfter: bigint; balances: Balances }>;
  /**
   * The price at expiry is not final yet (see SettleResult.awaitingPrice): nothing was written;
   * call again shortly.
   */
  awaitingPrice: boolean;
  /** Trades left running for the per-trade path: settle each with settleTrade. */
  fallback: string[];
  /**
   * Listed only when the call found fewer than `limit` trades to settle: running trades of the
   * instant another transaction held (a cancel, a per-trade settlement, another batch). Call
   * again shortly, or settle each with settleTrade, which waits for the lock.
   */
  locked: string[];
  /** The call filled its limit: more trades of the instant may be waiting. */
  more: boolean;
};

/** SQLSTATE of a deadlock: the batch rolled back as a whole and can simply run again. */
const DEADLOCK = '40P01';
const SETTLE_EXPIRY_ATTEMPTS = 4;

/**
 * What settle_expiry checks for before writing, should it get through anyway: a closing entry's
 * key already taken (its unique index), an entry left without its postings (the deferred
 * double-entry check at commit). The batch rolled back; the per-trade path settles its trades.
 */
function batchRefused(error: unknown): boolean {
  const pg = pgErrorOf(error);
  return (
    (pg?.code === '23505' && pg.constraint === 'journal_entries_idempotency_key') ||
    (pg?.code === '23514' && pg.constraint === 'journal_entries_balanced')
  );
}

type SettleExpiryRow = Record<string, unknown> & {
  settle_outcome: 'settled' | 'fallback' | 'awaiting' | 'locked';
  settle_balance: bigint | null;
  settle_real: bigint | null;
  settle_practice: bigint | null;
};

const SETTLE_EXPIRY_SELECT =
  'select r.o_outcome as settle_outcome, r.o_balance as settle_balance, r.o_real_balance as settle_real, ' +
  'r.o_practice_balance as settle_practice, (r.o_trade).*';
/** settle_expiry_with_balances's parameter types, in order: the SQL of both paths comes from them. */
const SETTLE_EXPIRY_ARGS = ['text', 'timestamptz', 'integer', 'timestamptz', 'integer'] as const;
const SETTLE_EXPIRY_SQL = `${SETTLE_EXPIRY_SELECT} from settle_expiry_with_balances(${SETTLE_EXPIRY_ARGS.map((type, i) => `$${i + 1}::${type}`).join(', ')}) r`;

/**
 * Settle the running trades of one symbol that expire at one instant, up to `limit` of them
 * (the lowest ids), in one transaction: settle_expiry, migration 0008, settleTrade's rules and
 * writes for the whole batch at once, and the owners' balances after them (migration 0012's
 * settle_expiry_with_balances). Safe to call again and concurrently: a trade another
 * transaction holds is skipped (and listed in `locked`), a settled one is no longer running.
 * A deadlock with another writer rolls the batch back; it is run again here. Given a
 * transaction, it runs in a savepoint.
 */
export async function settleExpiry(db: DbOrTx, input: SettleExpiryInput): Promise<SettleExpiryResult> {
  if (!Number.isInteger(input.limit) || input.limit < 1)
    throw new RangeError('the limit must be a positive integer');
  const params = [
    input.symbol,
    input.expiresAt.toISOString(),
    input.staleAfterMs,
    (input.now ?? new Date()).toISOString(),
    input.limit,
  ] as const;
  let rows: SettleExpiryRow[] | undefined;
  for (let attempt = 1; !rows; attempt++) {
    try {
      rows =
        '$client' in db
          ? // The pool directly, as a prepared statement: one round trip once it is prepared.
            await db.$client.unsafe<SettleExpiryRow[]>(SETTLE_EXPIRY_SQL, [...params], { prepare: true })
          : await db.transaction((sp) =>
              sp.execute<SettleExpiryRow>(
                sql`${sql.raw(SETTLE_EXPIRY_SELECT)} from settle_expiry_with_balances(${sql.join(
                  params.map((value, i) => sql`${value}::${sql.raw(SETTLE_EXPIRY_ARGS[i] ?? 'text')}`),
                  sql`, `,
                )}) r`,
              ),
            );
    } catch (error) {
      if (pgErrorOf(error)?.code === DEADLOCK && attempt < SETTLE_EXPIRY_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        continue;
      }
      if (batchRefused(error)) {
        return {
          settled: [],
          awaitingPrice: false,
          fallback: await runningAt(db, input),
          locked: [],
          more: true,
        };
      }
      throw error;
    }
  }
  const result: SettleExpiryResult = {
    settled: [],
    awaitingPrice: false,
    fallback: [],
    locked: [],
    more: false,
  };
  let handled = 0;
  for (const row of rows) {
    switch (row.settle_outcome) {
      case 'settled': {
        const trade = toTradeRow(row);
        const balanceAfter = row.settle_balance ?? OPENING[trade.account];
        const balances = {
          real: row.settle_real ?? OPENING.real,
          practice: row.settle_practice ?? OPENING.practice,
        };
        result.settled.push({ trade, balanceAfter, balances });
        handled++;
        break;
      }
      case 'fallback':
        result.fallback.push(String(row.id));
        handled++;
        break;
      case 'locked':
        result.locked.push(String(row.id));
        break;
      case 'awaiting':
        result.awaitingPrice = true;
        break;
      default:
        throw new Error(`settle_expiry answered ${String(row.settle_outcome)}`);
    }
  }
  result.more = !result.awaitingPrice && handled >= input.limit;
  return result;
}

/** Ids of the instant's running trades, the lowest first. */
async function runningAt(db: DbOrTx, input: SettleExpiryInput): Promise<string[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'running'),
        eq(trades.expiresAt, input.expiresAt),
        eq(trades.symbol, input.symbol),
      ),
    )
    .orderBy(asc(trades.id))
    .limit(input.limit);
  return rows.map((r) => r.id);
}

/** Admin cancellation of a RUNNING trade with a reason the user sees; the stake is refunded. */
export async function cancelTrade(
  db: DbOrTx,
  tradeId: string,
  input: { adminId: string; reason: string },
): Promise<{ trade: TradeRow; balanceAfter: bigint }> {
  const reason = input.reason.trim();
  if (!reason) throw new InvalidMoneyInputError('a cancellation needs a reason');
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, tradeId);
    if (trade.status !== 'running') throw new TradeNotRunningError(trade.id, trade.status);
    const [cancelled] = await tx
      .update(trades)
      .set({
        status: 'cancelled',
        payout: trade.amount,
        profit: 0n,
        cancelReason: reason,
        cancelledBy: input.adminId,
        settledAt: sql`now()`,
      })
      .where(and(eq(trades.id, trade.id), eq(trades.status, 'running')))
      .returning();
    if (!cancelled) throw new Error(`trade ${trade.id} changed under its row lock`);
    const balanceAfter = await credit(tx, cancelled, 'trade_refund', input.adminId);
    return { trade: cancelled, balanceAfter };
  });
}

async function lockTrade(tx: Tx, tradeId: string): Promise<TradeRow> {
  if (!UUID.test(tradeId)) throw new TradeNotFoundError(tradeId);
  const [trade] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for('update');
  if (!trade) throw new TradeNotFoundError(tradeId);
  return trade;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The closing credit of a final trade (none for a loss); returns the balance after it. */
async function credit(
  tx: Tx,
  trade: TradeRow,
  type: 'trade_payout' | 'trade_refund',
  createdBy: string | null = null,
): Promise<bigint> {
  const payout = trade.payout ?? 0n;
  if (payout === 0n) return (await getBalances(tx, trade.userId))[trade.account];
  const remarks: Record<Exclude<TradeStatus, 'running'>, string> = {
    won: `Trade win ${trade.symbol}`,
    lost: `Trade loss ${trade.symbol}`,
    draw: `Trade draw ${trade.symbol}: stake returned`,
    void: `Trade void ${trade.symbol}: stake refunded`,
    cancelled: `Trade cancelled ${trade.symbol}: stake refunded`,
  };
  const posted = await post(tx, {
    type,
    userId: trade.userId,
    account: trade.account,
    amount: payout,
    counterparty: HOUSE[trade.account],
    reference: trade.id,
    remarks: trade.status === 'running' ? null : remarks[trade.status],
    idempotencyKey: closeKey(trade.id),
    createdBy,
  });
  return posted.balanceAfter;
}

export type OverdueTrade = Pick<TradeRow, 'id' | 'userId' | 'account' | 'symbol' | 'expiresAt'>;

/** Running trades whose expiry passed more than `graceMs` ago, oldest first: the reconciler's work list. */
export async function overdueRunningTrades(
  db: DbOrTx,
  options: { graceMs: number; limit: number; now?: Date },
): Promise<OverdueTrade[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  return db
    .select({
      id: trades.id,
      userId: trades.userId,
      account: trades.account,
      symbol: trades.symbol,
      expiresAt: trades.expiresAt,
    })
    .from(trades)
    .where(and(eq(trades.status, 'running'), lt(trades.expiresAt, cutoff)))
    .orderBy(asc(trades.expiresAt))
    .limit(options.limit);
}

export type RecomputedOutcome = {
  trade: TradeRow;
  /** Null for trades not decided by prices (running, cancelled). */
  recomputed: TradeOutcome | null;
  /** The stored result equals the one recomputed from the archive (true when nothing to compare). */
  matches: boolean;
};

/** Recompute a settled trade's result from the tick archive, for audits and tests. */
export async function recomputeOutcome(db: DbOrTx, tradeId: string): Promise<RecomputedOutcome> {
  if (!UUID.test(tradeId)) throw new TradeNotFoundError(tradeId);
  const [trade] = await db.select().from(trades).where(eq(trades.id, tradeId));
  if (!trade) throw new TradeNotFoundError(tradeId);
  if (trade.status === 'running' || trade.status === 'cancelled' || trade.staleAfterMs === null) {
    return { trade, recomputed: null, matches: true };
  }
  const recomputed = decideOutcome(trade, await exitTickOf(db, trade), trade.staleAfterMs);
  const matches =
    recomputed.status === trade.status &&
    recomputed.payout === trade.payout &&
    recomputed.profit === trade.profit &&
    recomputed.voidReason === trade.voidReason &&
    (recomputed.exit?.priceE8 ?? null) === trade.exitPriceE8 &&
    (recomputed.exit?.aggTradeId ?? null) === trade.exitAggTradeId &&
    (recomputed.exit?.exchangeTs.getTime() ?? null) === (trade.exitExchangeTs?.getTime() ?? null) &&
    (recomputed.exit?.source ?? null) === trade.exitSource;
  return { trade, recomputed, matches };
}
