import { type BillType, type MoneyAccount, PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';
import { type LedgerAccountKind, ledgerAccounts, postings } from './schema/ledger.ts';
import { callSqlFunction } from './sql-call.ts';

/**
 * How a balance changes: only through the functions of db/sql, each inside a transaction with
 * whatever caused it. A single movement is post_entry (db/sql/post_entry.sql), which `post`
 * calls; placement, cancellation and settlement are place_trade, cancel_trade and
 * settle_trades/settle_expiry, which post their entries under the same rules. A balance never
 * goes below zero (a CHECK), every entry's postings sum to zero (triggers, src/schema/ledger.ts).
 *
 * A user's accounts open lazily: the first movement of either balance creates both and opens
 * practice with its Rs 1,00,000 through a practice_reset entry. Until then the user has no
 * ledger rows and `getBalances` answers what the accounts will open with.
 */

export type PlatformAccountKind = Exclude<LedgerAccountKind, 'user_real' | 'user_practice'>;

export type PostInput = {
  type: BillType;
  userId: string;
  account: MoneyAccount;
  /** Paise, signed from the user's view: positive credits the user, negative debits. Never 0. */
  amount: bigint;
  /** The platform account on the other side of the entry. */
  counterparty: PlatformAccountKind;
  /** What the movement is about (trade id, top-up id, ...). */
  reference?: string | null;
  /** Shown to the user in Financial Records. */
  remarks?: string | null;
  /**
   * Global across the ledger: callers namespace it (`trade:{id}:stake`,
   * `adjust:{adminId}:{headerKey}`). A repeat with the same key and the same movement returns
   * the first one (`replayed: true`) and moves nothing; the same key for a different movement
   * is an IdempotencyConflictError.
   */
  idempotencyKey?: string | null;
  /** The admin behind the movement; null for the system. */
  createdBy?: string | null;
};

export type Posted = {
  entryId: bigint;
  /** The user's balance right after this entry. */
  balanceAfter: bigint;
  /** True when the idempotency key found an earlier entry and nothing moved now. */
  replayed: boolean;
};

/** One journal entry and its two postings (post_entry), inside the caller's transaction. */
export async function post(tx: Tx, input: PostInput): Promise<Posted> {
  const key = input.idempotencyKey ?? null;
  const [row] = await callSqlFunction<{ o_entry_id: bigint; o_balance_after: bigint; o_replayed: boolean }>(
    tx,
    'post_entry',
    'r.o_entry_id, r.o_balance_after, r.o_replayed',
    [
      [input.type, 'bill_type'],
      [input.userId, 'uuid'],
      [input.account, 'money_account'],
      [input.amount.toString(), 'bigint'],
      [input.counterparty, 'ledger_account_kind'],
      [input.reference ?? null, 'text'],
      [input.remarks ?? null, 'text'],
      [key, 'text'],
      [input.createdBy ?? null, 'uuid'],
    ],
    { userId: input.userId, account: input.account, amount: input.amount, idempotencyKey: key },
  );
  if (!row) throw new Error('post_entry returned no row');
  return {
    entryId: BigInt(row.o_entry_id),
    balanceAfter: BigInt(row.o_balance_after),
    replayed: row.o_replayed,
  };
}

/**
 * Create the user's real and practice accounts if they do not exist yet, and open practice with
 * its starting balance (open_user_accounts). Idempotent and safe when two transactions race.
 */
export async function openUserAccounts(tx: Tx, userId: string): Promise<void> {
  await callSqlFunction(tx, 'open_user_accounts', '1', [[userId, 'uuid']], { userId });
}

export type Balances = { real: bigint; practice: bigint };

/** Both balances in paise (what the accounts open with, for a user who has never moved money). */
export async function getBalances(db: DbOrTx, userId: string): Promise<Balances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const of = (kind: LedgerAccountKind) => rows.find((r) => r.kind === kind)?.balance;
  return {
    real: of('user_real') ?? 0n,
    practice: of('user_practice') ?? PRACTICE_OPENING_BALANCE_PAISE,
  };
}

/**
 * getBalances for many users in one query (the events of a batch of settlements): user id →
 * both balances, every id given present in the map.
 */
export async function getBalancesOf(db: DbOrTx, userIds: Iterable<string>): Promise<Map<string, Balances>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, Balances>();
  if (ids.length === 0) return out;
  for (const id of ids) out.set(id, { real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE });
  const rows = await db
    .select({ userId: ledgerAccounts.userId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    // One array parameter, whatever the count: the statement text stays the same.
    .where(sql`${ledgerAccounts.userId} = any(${sql.param(ids)}::uuid[])`);
  for (const r of rows) {
    const balances = r.userId === null ? undefined : out.get(r.userId);
    if (!balances || r.balance === null) continue;
    if (r.kind === 'user_real') balances.real = r.balance;
    else if (r.kind === 'user_practice') balances.practice = r.balance;
  }
  return out;
}

/** A platform account's balance: the sum of its postings (platform rows keep no cached balance). */
export async function getPlatformBalance(db: DbOrTx, kind: PlatformAccountKind): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(sql`${ledgerAccounts.userId} is null`, eq(ledgerAccounts.kind, kind)));
  return BigInt(row?.total ?? '0');
}

/**
 * Bring the practice balance back to Rs 1,00,000 with one practice_reset entry for the
 * difference (either way). Nothing is written when it is already there.
 */
export async function resetPractice(
  tx: Tx,
  userId: string,
  options: { createdBy?: string | null } = {},
): Promise<{ changed: boolean; balanceAfter: bigint; entryId: bigint | null }> {
  await openUserAccounts(tx, userId);
  const [account] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_practice')))
    .for('update');
  const balance = account?.balance ?? 0n;
  const difference = PRACTICE_OPENING_BALANCE_PAISE - balance;
  if (difference === 0n) return { changed: false, balanceAfter: balance, entryId: null };
  const posted = await post(tx, {
    type: 'practice_reset',
    userId,
    account: 'practice',
    amount: difference,
    counterparty: 'house_practice',
    remarks: 'Practice balance reset',
    createdBy: options.createdBy ?? null,
  });
  return { changed: true, balanceAfter: posted.balanceAfter, entryId: posted.entryId };
}
