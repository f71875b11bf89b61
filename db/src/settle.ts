import { isUuid } from '@app/shared';
import type { DbOrTx } from './client.ts';
import { pgErrorOf, TradeNotFoundError } from './errors.ts';
import type { Balances } from './ledger.ts';
import { OPENING } from './place.ts';
import type { TradeRow } from './schema/trades.ts';
import { callSqlFunction, TRADE_OUTPUT, toTradeRow } from './sql-call.ts';

export type SettleOptions = {
  /** A trade whose last price before expiry is older than this is voided. */
  staleAfterMs: number;
  /** The settler's clock (tests); defaults to now. */
  now?: Date;
};

export type SettleResult = {
  trade: TradeRow;
  /** False when nothing was written (no longer running, or the price is not final yet). */
  changed: boolean;
  /** The account's balance after the settlement's credit (null when nothing changed). */
  balanceAfter: bigint | null;
  /** Both of the owner's balances once the settlement had written (null when nothing changed). */
  balances: Balances | null;
  /**
   * The price at expiry is not final yet: before expiry, or no later tick archived while the
   * staleness bound has not passed. Nothing was written; call again shortly.
   */
  awaitingPrice: boolean;
};

type SettledRow = Record<string, unknown> & {
  o_outcome: string;
  o_balance: bigint | null;
  o_real_balance: bigint | null;
  o_practice_balance: bigint | null;
};

const SETTLED_COLUMNS = `r.o_outcome, r.o_balance, r.o_real_balance, r.o_practice_balance, ${TRADE_OUTPUT}`;

const balancesOf = (row: SettledRow): Balances => ({
  real: row.o_real_balance ?? OPENING.real,
  practice: row.o_practice_balance ?? OPENING.practice,
});

/**
 * Settle one trade (settle_trade, db/sql/settle_trade.sql): waits for its row lock, then writes
 * its result and closing credit if it is still running and its price at expiry is final.
 * Safe to call again and concurrently: exactly one call finds it running.
 */
export async function settleTrade(
  db: DbOrTx,
  tradeId: string,
  options: SettleOptions,
): Promise<SettleResult> {
  if (!isUuid(tradeId)) throw new TradeNotFoundError(tradeId);
  const [row] = await callSqlFunction<SettledRow>(
    db,
    'settle_trade',
    SETTLED_COLUMNS,
    [
      [tradeId, 'uuid'],
      [options.staleAfterMs, 'integer'],
      [(options.now ?? new Date()).toISOString(), 'timestamptz'],
    ],
    { tradeId },
  );
  if (!row || row.o_outcome === 'missing') throw new TradeNotFoundError(tradeId);
  const trade = toTradeRow(row);
  if (row.o_outcome !== 'settled') {
    return {
      trade,
      changed: false,
      balanceAfter: null,
      balances: null,
      awaitingPrice: row.o_outcome === 'awaiting',
    };
  }
  const balances = balancesOf(row);
  return {
    trade,
    changed: true,
    balanceAfter: row.o_balance ?? balances[trade.account],
    balances,
    awaitingPrice: false,
  };
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
   * owner's balances once the batch had written, the same on each of an owner's trades.
   */
  settled: Array<{ trade: TradeRow; balanceAfter: bigint; balances: Balances }>;
  /** The price at expiry is not final yet: nothing was written; call again shortly. */
  awaitingPrice: boolean;
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
 * Settle the running trades of one symbol that expire at one instant, up to `limit` of them, in
 * one transaction (settle_expiry, db/sql/settle_expiry.sql). Safe to call again and
 * concurrently: a trade another transaction holds is skipped (and listed in `locked`), a settled
 * one is no longer running. A deadlock with another writer rolls the batch back; it is run again
 * here. Given a transaction, it runs in a savepoint.
 */
export async function settleExpiry(db: DbOrTx, input: SettleExpiryInput): Promise<SettleExpiryResult> {
  if (!Number.isInteger(input.limit) || input.limit < 1)
    throw new RangeError('the limit must be a positive integer');
  const args = [
    [input.symbol, 'text'],
    [input.expiresAt.toISOString(), 'timestamptz'],
    [input.staleAfterMs, 'integer'],
    [(input.now ?? new Date()).toISOString(), 'timestamptz'],
    [input.limit, 'integer'],
  ] as const;
  let rows: SettledRow[] | undefined;
  for (let attempt = 1; !rows; attempt++) {
    try {
      rows = await callSqlFunction<SettledRow>(db, 'settle_expiry', SETTLED_COLUMNS, args);
    } catch (error) {
      if (pgErrorOf(error)?.code !== DEADLOCK || attempt >= SETTLE_EXPIRY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
  const result: SettleExpiryResult = { settled: [], awaitingPrice: false, locked: [], more: false };
  for (const row of rows) {
    if (row.o_outcome === 'settled') {
      const trade = toTradeRow(row);
      const balances = balancesOf(row);
      result.settled.push({ trade, balanceAfter: row.o_balance ?? balances[trade.account], balances });
    } else if (row.o_outcome === 'locked') result.locked.push(String(row.id));
    else if (row.o_outcome === 'awaiting') result.awaitingPrice = true;
    else throw new Error(`settle_expiry answered ${row.o_outcome}`);
  }
  result.more = !result.awaitingPrice && result.settled.length >= input.limit;
  return result;
}
