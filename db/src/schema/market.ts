import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The tick archive: the last tick of every second per symbol, the proof behind every
 * settlement. Partitioned by day on `second` (see migration 0002); old days are dropped by
 * the retention job.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    symbol: text().notNull(),
    /** exchange time truncated to the second */
    second: timestamp({ withTimezone: true }).notNull(),
    /** exact USDT price x 1e8 */
    priceE8: bigint('price_e8', { mode: 'bigint' }).notNull(),
    aggTradeId: bigint({ mode: 'number' }),
    exchangeTs: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    source: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.second] }),
    index('market_ticks_symbol_ts_idx').on(t.symbol, t.exchangeTs.desc()),
  ],
);
export type MarketTickRow = typeof marketTicks.$inferSelect;
