import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The admin dashboard's counts (migration 0016). Both tables are derived data written only by
 * the SQL function refresh_admin_stats(), which a periodic job calls: the dashboard reads the
 * snapshot by its key, and placement and settlement never touch either table.
 */

/** Per UTC day and metric ('trades.<account>.<status>', 'logins.<device>', 'deposits', 'withdrawals'). */
export const adminStatsDaily = pgTable(
  'admin_stats_daily',
  {
    day: date().notNull(),
    metric: text().notNull(),
    /** A count, or paise for deposits and withdrawals. */
    value: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'admin_stats_daily_pkey', columns: [t.day, t.metric] })],
);

/** The last snapshot (id = 1); `stats` has the shape of adminStatsSnapshotSchema in @app/shared. */
export const adminStats = pgTable(
  'admin_stats',
  {
    id: integer().primaryKey().default(1),
    stats: jsonb().notNull(),
    /** Days up to this one are final in admin_stats_daily. */
    closedThrough: date(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('admin_stats_single_row', sql`${t.id} = 1`)],
);
export type AdminStatsRow = typeof adminStats.$inferSelect;
