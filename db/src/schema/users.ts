import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { referralKeys } from './referral-keys.ts';

export const roleEnum = pgEnum('role', ['user', 'admin', 'superadmin']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    country: text().notNull().default('India'),
    role: roleEnum().notNull().default('user'),
    // The real-money balance lives in the ledger (ledger_accounts, kind user_real): see src/ledger.ts.
    /** Funds on hold set by an admin, in paise, always with a reason the user sees. */
    freezAmount: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    freezReason: text(),
    reputationPoints: integer().notNull().default(0),
    /** Day (Asia/Kolkata) of the last visit reward, so it is given at most once a day. */
    lastVisitRewardOn: date(),
    hasReferral: boolean().notNull().default(false),
    referralKeyId: uuid().references(() => referralKeys.id, { onDelete: 'set null' }),
    accountHolderName: text(),
    bankAccountNumber: text(),
    bankName: text(),
    ifscCode: text(),
    bannedAt: timestamp({ withTimezone: true }),
    banReason: text(),
    /** When the current address was verified through its mailed link; reset when it changes (trigger). */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Bumped on password change or ban: tokens carrying an older version are refused. */
    tokenVersion: integer().notNull().default(0),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // The admin users list and export, newest first (migration 0015).
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('users_freez_nonnegative', sql`${t.freezAmount} >= 0`),
    check('users_reputation_range', sql`${t.reputationPoints} between 0 and 100`),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
