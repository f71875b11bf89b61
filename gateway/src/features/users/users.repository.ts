import { type DbOrTx, ledgerAccounts, type NewUserRow, referralKeys, type UserRow, users } from '@app/db';
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';

/**
 * A user row with the code of the referral key they registered with and their real-money
 * balance in paise, read from the ledger (0 before their first movement).
 */
export type UserRecord = UserRow & { referralCode: string | null; balance: bigint };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const withReferralCode = {
  ...getTableColumns(users),
  referralCode: referralKeys.code,
  balance: sql<bigint>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(BigInt),
};
const realAccount = and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_real'));

export async function findUserById(db: DbOrTx, id: string): Promise<UserRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(withReferralCode)
    .from(users)
    .leftJoin(referralKeys, eq(referralKeys.id, users.referralKeyId))
    .leftJoin(ledgerAccounts, realAccount)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Username or email, case-insensitively (usernames cannot contain '@', so at most one matches). */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRecord | undefined> {
  const lowered = identifier.toLowerCase();
  const [row] = await db
    .select(withReferralCode)
    .from(users)
    .leftJoin(referralKeys, eq(referralKeys.id, users.referralKeyId))
    .leftJoin(ledgerAccounts, realAccount)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row;
}

/** A new user has no ledger accounts yet: their real balance is 0 until their first movement. */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow & { balance: bigint }> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return { ...row, balance: 0n };
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
 * New password hash and a new token version, so every older token stops working. Only
 * from the version the caller authenticated with: of two concurrent changes one wins.
 */
export async function replacePassword(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  passwordHash: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion;
}
