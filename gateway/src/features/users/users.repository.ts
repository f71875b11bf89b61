import { type DbOrTx, ledgerAccounts, type NewUserRow, referralKeys, type UserRow, users } from '@app/db';
import { isUuid, PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/**
 * A user row with the code of the referral key they registered with and both balances in
 * paise, read from the ledger accounts: real 0 and practice Rs 1,00,000 before the first
 * movement (what `getBalances` of @app/db answers, and what the accounts open with).
 */
export type UserRecord = UserRow & { referralCode: string | null; balance: bigint; practiceBalance: bigint };

const practiceAccounts = alias(ledgerAccounts, 'practice_account');
const withReferralCode = {
  ...getTableColumns(users),
  referralCode: referralKeys.code,
  balance: sql<bigint>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(BigInt),
  practiceBalance:
    sql<bigint>`coalesce(${practiceAccounts.balance}, ${PRACTICE_OPENING_BALANCE_PAISE})`.mapWith(BigInt),
};
const realAccount = and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_real'));
const practiceAccount = and(
  eq(practiceAccounts.userId, users.id),
  eq(practiceAccounts.kind, 'user_practice'),
);

const selectById = (db: DbOrTx) =>
  db
    .select(withReferralCode)
    .from(users)
    .leftJoin(referralKeys, eq(referralKeys.id, users.referralKeyId))
    .leftJoin(ledgerAccounts, realAccount)
    .leftJoin(practiceAccounts, practiceAccount)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);

/**
 * The lookup every authenticated request makes, as a named prepared statement per pool: each
 * connection parses and plans it once, then runs it in one round trip.
 */
const preparedById = new WeakMap<object, ReturnType<ReturnType<typeof selectById>['prepare']>>();

export async function findUserById(db: DbOrTx, id: string): Promise<UserRecord | undefined> {
  if (!isUuid(id)) return undefined;
  // Inside a transaction the plain query runs on the transaction's connection.
  if (!('$client' in db)) return (await selectById(db).execute({ id }))[0];
  let prepared = preparedById.get(db);
  if (!prepared) {
    prepared = selectById(db).prepare('users_find_by_id');
    preparedById.set(db, prepared);
  }
  return (await prepared.execute({ id }))[0];
}

/** Username or email, case-insensitively (usernames cannot contain '@', so at most one matches). */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRecord | undefined> {
  const lowered = identifier.toLowerCase();
  const [row] = await db
    .select(withReferralCode)
    .from(users)
    .leftJoin(referralKeys, eq(referralKeys.id, users.referralKeyId))
    .leftJoin(ledgerAccounts, realAccount)
    .leftJoin(practiceAccounts, practiceAccount)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row;
}

/** A new user has no ledger accounts yet: the balances are what the accounts will open with. */
export async function insertUser(
  db: DbOrTx,
  values: NewUserRow,
): Promise<UserRow & { balance: bigint; practiceBalance: bigint }> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return { ...row, balance: 0n, practiceBalance: PRACTICE_OPENING_BALANCE_PAISE };
}

/** Update columns of one user; returns false when the user does not exist. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      NewUserRow,
      'firstName' | 'lastName' | 'accountHolderName' | 'bankAccountNumber' | 'bankName' | 'ifscCode'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * A new password hash, only at the token version the caller authenticated with: of two
 * concurrent changes one wins (false for the other). It does not end the user's sessions:
 * the caller does, with `app.sessions.end` in the same transaction (features/sessions).
 */
export async function replacePassword(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
    .returning({ id: users.id });
  return rows.length > 0;
}
