import {
  DISCLOSURE_VERSION,
  expiryFor,
  type MoneyAccount,
  PRACTICE_OPENING_BALANCE_PAISE,
  TRADE_UNIT_SECONDS,
  type TradeDirection,
  type TradeUnit,
} from '@app/shared';
import type { DbOrTx } from './client.ts';
import { InvalidMoneyInputError } from './errors.ts';
import type { Balances } from './ledger.ts';
import type { TradeRow } from './schema/trades.ts';
import { callSqlFunction, TRADE_OUTPUT, toTradeRow } from './sql-call.ts';

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
 * version (SessionEndedError, UserBannedError).
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

/** What a user's account holds before its first movement (no ledger row yet). */
export const OPENING: Readonly<Balances> = { real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE };
const OTHER: Record<MoneyAccount, MoneyAccount> = { real: 'practice', practice: 'real' };

type PlaceTradeRow = Record<string, unknown> & {
  o_outcome: 'created' | 'replayed';
  o_balance: bigint | null;
  o_other_balance: bigint | null;
};

/**
 * Debit the stake and create the running trade: place_trade (db/sql/place_trade.sql), one
 * statement. The same idempotency key returns the same trade (also under concurrent retries);
 * reusing a key for a different trade is refused.
 */
export async function placeTrade(db: DbOrTx, input: PlaceTradeInput): Promise<PlacedTrade> {
  if (input.entryTick.symbol !== input.symbol)
    throw new InvalidMoneyInputError(`the entry tick is for ${input.entryTick.symbol}, not ${input.symbol}`);
  const durationSeconds = input.setting.time * TRADE_UNIT_SECONDS[input.setting.unit];
  const key = input.idempotencyKey ?? null;
  const [row] = await callSqlFunction<PlaceTradeRow>(
    db,
    'place_trade',
    `r.o_outcome, r.o_balance, r.o_other_balance, ${TRADE_OUTPUT}`,
    [
      [input.session.tokenVersion, 'integer'],
      [input.userId, 'uuid'],
      [input.account, 'money_account'],
      [input.symbol, 'text'],
      [input.direction, 'trade_direction'],
      [input.amountPaise.toString(), 'bigint'],
      [input.setting.id, 'integer'],
      [durationSeconds, 'integer'],
      [input.setting.payoutPercent, 'integer'],
      [input.entryTick.priceE8.toString(), 'bigint'],
      [input.entryTick.aggTradeId === null ? null : String(input.entryTick.aggTradeId), 'bigint'],
      [input.entryTick.exchangeTs.toISOString(), 'timestamptz'],
      [input.entryTick.source, 'text'],
      [expiryFor(input.now, durationSeconds).toISOString(), 'timestamptz'],
      [key, 'text'],
      [input.now.toISOString(), 'timestamptz'],
      [input.maxTickAgeMs, 'integer'],
      [`Trade ${input.symbol} ${input.direction === 'up' ? 'Up' : 'Down'}`, 'text'],
      [DISCLOSURE_VERSION, 'integer'],
    ],
    {
      userId: input.userId,
      account: input.account,
      amount: -input.amountPaise,
      idempotencyKey: key,
      maxAgeMs: input.maxTickAgeMs,
    },
  );
  if (!row) throw new Error('place_trade returned no row');
  const balances = { ...OPENING };
  balances[input.account] = row.o_balance ?? OPENING[input.account];
  balances[OTHER[input.account]] = row.o_other_balance ?? OPENING[OTHER[input.account]];
  return {
    trade: toTradeRow(row),
    created: row.o_outcome === 'created',
    balanceAfter: balances[input.account],
    balances,
  };
}
