import { type DbOrTx, users, type WithdrawalRow, withdrawals } from '@app/db';
import type { BankDetails, RequestUser, WalletRequestStatus } from '@app/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { noSuperadminSql } from '../../lib/access.ts';
import { containsPattern } from '../../lib/sql.ts';

const requestUser = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
};

const newestFirst = [desc(withdrawals.createdAt), desc(withdrawals.id)];

type Page = { limit: number; offset: number };

/** One page of the user's own withdrawals, newest first. */
export async function listUserWithdrawals(
  db: DbOrTx,
  opts: { userId: string; status?: WalletRequestStatus } & Page,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(
    eq(withdrawals.userId, opts.userId),
    opts.status === undefined ? undefined : eq(withdrawals.status, opts.status),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(...newestFirst)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * One page of everybody's withdrawals with their users, newest first. `search` matches, without
 * regard to case, the user's first name, last name, full name, username or email, the
 * transaction number or the method.
 */
export async function listAllWithdrawals(
  db: DbOrTx,
  opts: {
    status?: WalletRequestStatus;
    search?: string;
    /** For a plain admin: no superadmin's withdrawals (lib/access.ts). */
    hideSuperadmins?: boolean;
  } & Page,
): Promise<{ rows: Array<{ withdrawal: WithdrawalRow; user: RequestUser }>; total: number }> {
  const conditions: SQL[] = [];
  if (opts.status !== undefined) conditions.push(eq(withdrawals.status, opts.status));
  if (opts.hideSuperadmins) conditions.push(noSuperadminSql(sql`${users.role}`));
  if (opts.search) {
    const pattern = containsPattern(opts.search);
    const matches = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ilike(users.username, pattern),
      ilike(users.email, pattern),
      ilike(withdrawals.trxNumber, pattern),
      ilike(withdrawals.method, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, user: requestUser })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A withdrawal with its user and the user's bank details as the profile has them now. */
export async function findWithdrawalWithUser(
  db: DbOrTx,
  id: string,
): Promise<{ withdrawal: WithdrawalRow; user: RequestUser; userBank: BankDetails } | undefined> {
  const [row] = await db
    .select({
      withdrawal: withdrawals,
      user: requestUser,
      userBank: {
        accountHolderName: users.accountHolderName,
        bankAccountNumber: users.bankAccountNumber,
        bankName: users.bankName,
        ifscCode: users.ifscCode,
      },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id))
    .limit(1);
  return row;
}
