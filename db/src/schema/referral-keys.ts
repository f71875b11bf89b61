import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const referralKeys = pgTable(
  'referral_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    label: text(),
    maxUses: integer().notNull().default(1),
    usedCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_keys_code_key').on(t.code),
    check('referral_keys_code_shape', sql`${t.code} ~ '^[A-Z0-9]{8}$'`),
    check('referral_keys_max_uses_positive', sql`${t.maxUses} >= 1`),
    check('referral_keys_used_within_max', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`),
  ],
);
export type ReferralKeyRow = typeof referralKeys.$inferSelect;
