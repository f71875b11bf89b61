import { BILL_TYPES, MONEY_ACCOUNTS } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Double-entry ledger. Every money movement is one journal entry with two or more postings that
 * sum to zero (migration 0009: the postings of one INSERT must balance entry by entry, checked
 * at that statement, and an entry without postings is refused at commit); entries and postings
 * are append-only (triggers refuse UPDATE, DELETE and TRUNCATE): a correction is a new entry.
 *
 * Hot rows: only user accounts keep a cached balance, and a movement locks only the one user
 * account it changes. Platform accounts (house, payments, adjustments) keep NO cached balance
 * (a CHECK makes it NULL): their balance is the sum of their postings, so concurrent trades
 * of different users never queue on a shared platform row. Inserting postings takes no row
 * lock. Reading a platform balance is a sum over its postings (reports and the reconciler).
 *
 * The functions in src/ledger.ts are the only writers.
 */

export const moneyAccountEnum = pgEnum('money_account', MONEY_ACCOUNTS);
export const billTypeEnum = pgEnum('bill_type', BILL_TYPES);

/** user_* accounts belong to one user; the others are the platform's, one row each. */
export const LEDGER_ACCOUNT_KINDS = [
  'user_real',
  'user_practice',
  /** Counterparty of real-money trades: stakes in, payouts and refunds out. */
  'house_real',
  /** Counterparty of practice trades and practice resets: play money only. */
  'house_practice',
  /** Money crossing the platform's bank boundary: top-ups in, withdrawals out. */
  'payments',
  /** Admin adjustments and opening balances carried over from before the ledger. */
  'adjustments',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', LEDGER_ACCOUNT_KINDS);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: uuid().references(() => users.id),
    kind: ledgerAccountKindEnum().notNull(),
    /** Paise. User accounts only: the sum of the account's postings, kept in step by ledger.ts. */
    balance: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: also one row per platform kind (user_id null).
    unique('ledger_accounts_user_kind_key').on(t.userId, t.kind).nullsNotDistinct(),
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} in ('user_real', 'user_practice')) = (${t.userId} is not null)`,
    ),
    check('ledger_accounts_cached_balance_users_only', sql`(${t.userId} is null) = (${t.balance} is null)`),
    check('ledger_accounts_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    type: billTypeEnum().notNull(),
    /** The user whose balance the entry moves (null for a platform-only entry). */
    userId: uuid().references(() => users.id),
    account: moneyAccountEnum(),
    /** What the movement is about, e.g. the trade id. */
    reference: text(),
    remarks: text(),
    /** A retried request carrying the same key finds this entry instead of moving money twice. */
    idempotencyKey: text(),
    /** The admin who caused it; null for the system (placement, settlement). */
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('journal_entries_reference_idx').on(t.reference),
    index('journal_entries_user_idx').on(t.userId),
    check('journal_entries_user_account', sql`(${t.userId} is null) = (${t.account} is null)`),
  ],
);
export type JournalEntryRow = typeof journalEntries.$inferSelect;

export const postings = pgTable(
  'postings',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    entryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Paise, signed: positive credits the account. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /**
     * The account's balance after this posting (user accounts; null for platform accounts).
     * Postings of one user account are written while its row is locked, so their ids are
     * in balance order.
     */
    balanceAfter: bigint({ mode: 'bigint' }),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId, t.id),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
    check('postings_balance_after_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);
export type PostingRow = typeof postings.$inferSelect;
