import { TRADE_DIRECTIONS, TRADE_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moneyAccountEnum } from './ledger.ts';
import { tradeSettings } from './settings.ts';
import { users } from './users.ts';

export const tradeDirectionEnum = pgEnum('trade_direction', TRADE_DIRECTIONS);
export const tradeStatusEnum = pgEnum('trade_status', TRADE_STATUSES);

/**
 * Timed up/down trades. A row is written once at placement (with its entry tick) and once at
 * settlement (exit tick, result, payout); after that a trigger (migration 0003) refuses any
 * change, and no trade is ever deleted. Money moves only through the ledger (src/trades.ts).
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    account: moneyAccountEnum().notNull(),
    /** Coin symbol as the tick archive keys it, e.g. BTC. */
    symbol: text().notNull(),
    direction: tradeDirectionEnum().notNull(),
    /** Stake, paise. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** The setting chosen; its terms are copied below, so editing or deleting it changes no trade. */
    settingId: integer().references(() => tradeSettings.id, { onDelete: 'set null' }),
    durationSeconds: integer().notNull(),
    payoutPercent: integer().notNull(),
    status: tradeStatusEnum().notNull().default('running'),

    entryPriceE8: bigint('entry_price_e8', { mode: 'bigint' }).notNull(),
    entryAggTradeId: bigint({ mode: 'number' }),
    entryExchangeTs: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    entrySource: text().notNull(),
    /** The archive second the entry tick belongs to (exchange time truncated to the second). */
    entrySecond: timestamp({ withTimezone: true }).notNull(),
    /** Placement instant + duration. */
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),

    exitPriceE8: bigint('exit_price_e8', { mode: 'bigint' }),
    exitAggTradeId: bigint({ mode: 'number' }),
    exitExchangeTs: timestamp({ withTimezone: true, precision: 3 }),
    exitSource: text(),
    exitSecond: timestamp({ withTimezone: true }),
    /** The staleness bound the settlement applied, so the result can be recomputed. */
    staleAfterMs: integer(),

    /** Paise credited when the trade closed: stake + profit (won), stake (draw, void, cancelled), 0 (lost). */
    payout: bigint({ mode: 'bigint' }),
    /** payout - stake. */
    profit: bigint({ mode: 'bigint' }),
    settledAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Why the trade was voided (no fresh price at expiry), shown to the user. */
    voidReason: text(),
    /** The admin's reason for cancelling a running trade, shown to the user. */
    cancelReason: text(),
    cancelledBy: uuid().references(() => users.id),

    idempotencyKey: text(),
    /** The placement instant the expiry is counted from. */
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trades_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('trades_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc()),
    // The reconciler's question: which running trades are past their expiry?
    index('trades_running_expiry_idx').on(t.status, t.expiresAt).where(sql`${t.status} = 'running'`),
    // The admin stats recount of recent days (migration 0016 adds INCLUDE (account, status)).
    index('trades_settled_at_idx').on(t.settledAt).where(sql`${t.settledAt} is not null`),
    // Placement's open stake per user and coin, summed under the account lock (risk limits).
    index('trades_open_real_stake_idx')
      .on(t.userId, t.symbol)
      .where(sql`${t.status} = 'running' and ${t.account} = 'real'`),
    // A user's real trades of one Indian day, summed under their responsible-trading lock.
    index('trades_real_user_created_idx').on(t.userId, t.createdAt).where(sql`${t.account} = 'real'`),
    check('trades_amount_positive', sql`${t.amount} > 0`),
    check('trades_duration_positive', sql`${t.durationSeconds} > 0`),
    check('trades_payout_percent_range', sql`${t.payoutPercent} between 1 and 1000`),
    check('trades_entry_price_positive', sql`${t.entryPriceE8} > 0`),
    check('trades_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
    check(
      'trades_open_or_closed',
      sql`(${t.status} = 'running') = (${t.settledAt} is null and ${t.payout} is null and ${t.profit} is null)`,
    ),
    check('trades_payout_nonnegative', sql`${t.payout} >= 0 and ${t.profit} = ${t.payout} - ${t.amount}`),
    check(
      'trades_priced_results_have_exit',
      sql`${t.status} not in ('won', 'lost', 'draw') or (${t.exitPriceE8} is not null and ${t.exitExchangeTs} is not null and ${t.exitSource} is not null)`,
    ),
    check('trades_void_has_reason', sql`${t.status} <> 'void' or ${t.voidReason} is not null`),
    check(
      'trades_cancel_has_reason',
      sql`${t.status} <> 'cancelled' or (${t.cancelReason} is not null and ${t.cancelledBy} is not null)`,
    ),
  ],
);
export type TradeRow = typeof trades.$inferSelect;
