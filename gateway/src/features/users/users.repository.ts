import { type DbOrTx, type NewUserRow, referralKeys, type UserRow, users } from '@app/db';
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';

/** A user row with the code of the referral key they registered with. */
export type UserRecord = UserRow & { referralCode: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const withReferralCode = { ...getTableColumns(users), referralCode: referralKeys.code };

export async function findUserById(db: DbOrTx, id: string): Promise<UserRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(withReferralCode)
    .from(users)
    .leftJoin(referralKeys, eq(referralKeys.id, users.referralKeyId))
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
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
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
