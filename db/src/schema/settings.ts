import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A single row (id = 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer().primaryKey().default(1),
    title: text().notNull(),
    currency: text().notNull().default('INR'),
    logoUrl: text().notNull().default(''),
    faviconUrl: text().notNull().default(''),
    updatedBy: uuid(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/**
 * Coins: prices come only from the market feed (no admin-set prices). The symbol never changes
 * once created (a trigger of migration 0017 refuses it): trades and the tick archive keep it.
 */
export const coins = pgTable(
  'coins',
  {
    symbol: text().primaryKey(),
    name: text().notNull(),
    /** The exchange symbol the coin is priced from, e.g. BTCUSDT. */
    marketSymbol: text().notNull(),
    enabled: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    /** null: the lists use the public icon host. */
    iconUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coins_symbol_format', sql`${t.symbol} ~ '^[A-Z0-9]{2,15}$'`),
    check('coins_market_symbol_format', sql`${t.marketSymbol} ~ '^[A-Z0-9]{5,20}$'`),
  ],
);
export type CoinRow = typeof coins.$inferSelect;

export const tradeUnitEnum = pgEnum('trade_unit', ['Seconds', 'Minutes', 'Hours']);

export const tradeSettings = pgTable(
  'trade_settings',
  {
    id: serial().primaryKey(),
    time: integer().notNull(),
    unit: tradeUnitEnum().notNull().default('Seconds'),
    payoutPercent: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trade_settings_time_positive', sql`${t.time} > 0`),
    check('trade_settings_payout_range', sql`${t.payoutPercent} between 1 and 1000`),
  ],
);
export type TradeSettingRow = typeof tradeSettings.$inferSelect;

/**
 * Admin risk limits on real-money placement, in paise; null is no limit. A single row (id = 1),
 * read by place_trade (db/sql/place_trade.sql) inside the placement's own statement.
 */
export const riskLimits = pgTable(
  'risk_limits',
  {
    id: integer().primaryKey().default(1),
    /** The largest stake one trade may carry. */
    maxStakePerTrade: bigint({ mode: 'bigint' }),
    /** The largest stake one user may have running on one coin, this trade included. */
    maxOpenStakePerCoin: bigint({ mode: 'bigint' }),
    updatedBy: uuid().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('risk_limits_single_row', sql`${t.id} = 1`),
    check('risk_limits_max_stake_positive', sql`${t.maxStakePerTrade} > 0`),
    check('risk_limits_max_open_positive', sql`${t.maxOpenStakePerCoin} > 0`),
  ],
);
export type RiskLimitsRow = typeof riskLimits.$inferSelect;

/**
 * Trading halts (migration 0024): while a row stands no new trade opens on its coin, or on any
 * coin when `symbol` is null; running trades still settle. Ending a halt deletes its row.
 */
export const tradingHalts = pgTable(
  'trading_halts',
  {
    /** null: the whole platform. */
    symbol: text(),
    reason: text().notNull(),
    haltedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('trading_halts_symbol_key').on(t.symbol).nullsNotDistinct(),
    check('trading_halts_symbol_format', sql`${t.symbol} ~ '^[A-Z0-9]{2,15}$'`),
    check('trading_halts_reason_length', sql`char_length(${t.reason}) between 1 and 200`),
  ],
);
export type TradingHaltRow = typeof tradingHalts.$inferSelect;
