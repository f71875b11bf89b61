import {
  type Db,
  type DbOrTx,
  ledgerAccounts,
  type NewUserRow,
  referralKeys,
  type UserRow,
  users,
} from '@app/db';
import { isUuid, PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PublicUserColumns } from './users.mapper.ts';

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

/** What the API shows of a user (toPublicUser): the public columns, the referral code, both balances. */
export type PublicUserRecord = PublicUserColumns & {
  referralCode: string | null;
  balance: bigint;
  practiceBalance: bigint;
};

/** The user's balance in their ledger account of `kind`, by its unique key (user, kind). */
const balanceOf = (kind: 'user_real' | 'user_practice') =>
  sql`select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${users.id} and ${ledgerAccounts.kind} = ${sql.raw(`'${kind}'`)}`;

const publicColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  country: users.country,
  role: users.role,
  freezAmount: users.freezAmount,
  freezReason: users.freezReason,
  reputationPoints: users.reputationPoints,
  hasReferral: users.hasReferral,
  accountHolderName: users.accountHolderName,
  bankAccountNumber: users.bankAccountNumber,
  bankName: users.bankName,
  ifscCode: users.ifscCode,
  bannedAt: users.bannedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  // Looked up by key in the select list rather than joined: the same index scans, and a
  // select without joins is mapped to objects without drizzle's per-column join bookkeeping.
  referralCode: sql<
    string | null
  >`(select ${referralKeys.code} from ${referralKeys} where ${referralKeys.id} = ${users.referralKeyId})`,
  balance: sql<bigint>`coalesce((${balanceOf('user_real')}), 0)`.mapWith(BigInt),
  practiceBalance:
    sql<bigint>`coalesce((${balanceOf('user_practice')}), ${PRACTICE_OPENING_BALANCE_PAISE})`.mapWith(BigInt),
} satisfies Record<keyof PublicUserRecord, unknown>;

const selectPublicByIds = (db: Db) =>
  db
    .select(publicColumns)
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`);

const preparedPublicByIds = new WeakMap<
  object,
  ReturnType<ReturnType<typeof selectPublicByIds>['prepare']>
>();

/**
 * Users as the API shows them, several in one prepared statement (each connection plans it
 * once): what `/api/auth/me` reads, for the requests that arrived together (lib/batched.ts).
 * Ids that are not UUIDs are found by no row.
 */
export async function findPublicUsersByIds(db: Db, ids: string[]): Promise<Map<string, PublicUserRecord>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  let prepared = preparedPublicByIds.get(db);
  if (!prepared) {
    prepared = selectPublicByIds(db).prepare('users_find_public_by_ids');
    preparedPublicByIds.set(db, prepared);
  }
  const rows = await prepared.execute({ ids: valid });
  return new Map(rows.map((row) => [row.id, row]));
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
