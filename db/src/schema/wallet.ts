import { NOTIFICATION_TYPES, VOUCHER_TYPES, WALLET_REQUEST_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger.ts';
import { users } from './users.ts';

/**
 * Top-ups and withdrawals: requests an admin decides once. A decision is one conditional
 * UPDATE (`where status = 'pending'`) in the transaction that moves the money, so two admins
 * deciding at the same moment produce one outcome and one ledger effect.
 */

export const walletRequestStatusEnum = pgEnum('wallet_request_status', WALLET_REQUEST_STATUSES);
export const voucherTypeEnum = pgEnum('voucher_type', VOUCHER_TYPES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

export const topups = pgTable(
  'topups',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** Paise. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull().default('INR'),
    /** Random file name in the voucher directory (never the uploaded name). */
    voucherKey: text().notNull(),
    /** Detected from the file's bytes. */
    voucherType: voucherTypeEnum().notNull(),
    voucherSize: integer().notNull(),
    status: walletRequestStatusEnum().notNull().default('pending'),
    remarks: text(),
    /** A retried create with the same key answers the first top-up. */
    idempotencyKey: text(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The recharge credit of an approved top-up. */
    journalEntryId: bigint({ mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('topups_status_created_idx').on(t.status, t.createdAt.desc()),
    index('topups_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The admin stats recount (migration 0016 adds INCLUDE (amount)).
    index('topups_approved_decided_idx').on(t.decidedAt).where(sql`${t.status} = 'approved'`),
    uniqueIndex('topups_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('topups_amount_positive', sql`${t.amount} > 0`),
    check('topups_currency_inr', sql`${t.currency} = 'INR'`),
    check(
      'topups_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'approved') = (${t.journalEntryId} is not null)`,
    ),
  ],
);
export type TopupRow = typeof topups.$inferSelect;

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Shown to the user and the admin, searchable: `WD` + 12 digits/letters, unique. */
    trxNumber: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** Paise, debited at request time. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** Paise; no fee is charged today. */
    charge: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    method: text().notNull().default('bank'),
    /** The bank account as it was when the request was made. */
    accountHolderName: text().notNull(),
    bankAccountNumber: text().notNull(),
    bankName: text().notNull(),
    ifscCode: text().notNull(),
    status: walletRequestStatusEnum().notNull().default('pending'),
    remarks: text(),
    idempotencyKey: text(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** The withdrawal debit, written with the request. */
    debitEntryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    /** The withdrawal_return credit of a rejected request. */
    returnEntryId: bigint({ mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_trx_number_key').on(t.trxNumber),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt.desc()),
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The admin stats recount (migration 0016 adds INCLUDE (amount)).
    index('withdrawals_approved_decided_idx').on(t.decidedAt).where(sql`${t.status} = 'approved'`),
    uniqueIndex('withdrawals_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_method_bank', sql`${t.method} = 'bank'`),
    check(
      'withdrawals_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.returnEntryId} is not null)`,
    ),
    check('withdrawals_decision_remarks', sql`${t.status} = 'pending' or ${t.remarks} is not null`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** What a user is told: decisions on their requests, holds, admin messages, ticket replies. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    type: notificationTypeEnum().notNull().default('system'),
    title: text().notNull(),
    body: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
