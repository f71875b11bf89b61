import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's own responsible-trading settings, one row per user, written when they accept the
 * risk disclosure (no row: never accepted). Real-money placement and top-ups lock this row and
 * check it in their own statement (db/sql/responsible_trading_check.sql), so two placements at
 * the loss limit cannot both pass. Limits are paise, null for none; a raised or removed limit
 * waits in `pending*` until `*PendingFrom` (shared `changeLimit`, `effectiveLimit`).
 */
export const responsibleTrading = pgTable(
  'responsible_trading',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    disclosureVersion: integer(),
    disclosureAcceptedAt: timestamp({ withTimezone: true }),
    dailyLossLimit: bigint({ mode: 'bigint' }),
    pendingDailyLossLimit: bigint({ mode: 'bigint' }),
    dailyLossLimitPendingFrom: timestamp({ withTimezone: true }),
    dailyDepositLimit: bigint({ mode: 'bigint' }),
    pendingDailyDepositLimit: bigint({ mode: 'bigint' }),
    dailyDepositLimitPendingFrom: timestamp({ withTimezone: true }),
    coolOffUntil: timestamp({ withTimezone: true }),
    selfExcludedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'responsible_trading_disclosure_pair',
      sql`(${t.disclosureVersion} is null) = (${t.disclosureAcceptedAt} is null)`,
    ),
    check(
      'responsible_trading_limits_positive',
      sql`${t.dailyLossLimit} > 0 and ${t.pendingDailyLossLimit} > 0 and ${t.dailyDepositLimit} > 0 and ${t.pendingDailyDepositLimit} > 0`,
    ),
    check(
      'responsible_trading_pending_has_time',
      sql`(${t.pendingDailyLossLimit} is null or ${t.dailyLossLimitPendingFrom} is not null) and (${t.pendingDailyDepositLimit} is null or ${t.dailyDepositLimitPendingFrom} is not null)`,
    ),
  ],
);
export type ResponsibleTradingRow = typeof responsibleTrading.$inferSelect;
