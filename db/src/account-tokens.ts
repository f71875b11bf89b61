import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type AccountTokenPurpose, accountTokens } from './schema/account-tokens.ts';
import { users } from './schema/users.ts';

/** How long a mailed link works. */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 24 * 3_600_000,
};

/** 32 random bytes, URL-safe: what the link carries. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashAccountToken = (token: string): Buffer => createHash('sha256').update(token).digest();

type TokenInput = { userId: string; purpose: AccountTokenPurpose; email: string };

/**
 * A new single-use token for the user, valid for its purpose's time; only its hash is stored.
 * Answers the token itself, to be mailed and forgotten.
 */
export async function issueAccountToken(db: DbOrTx, input: TokenInput): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashAccountToken(token),
    expiresAt: sql`now() + ${ACCOUNT_TOKEN_TTL_MS[input.purpose]}::float8 * interval '1 millisecond'`,
  });
  return token;
}

/**
 * issueAccountToken unless the user already has `max` tokens of the purpose from the last
 * `withinMs` (then undefined). Count and insert happen under a lock per user and purpose, so
 * concurrent requests cannot all pass the count.
 */
export async function issueCappedAccountToken(
  db: DbOrTx,
  input: TokenInput,
  cap: { max: number; withinMs: number },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`account_tokens:${input.purpose}:${input.userId}`}))`,
    );
    if ((await recentAccountTokens(tx, input.userId, input.purpose, cap.withinMs)) >= cap.max)
      return undefined;
    return issueAccountToken(tx, input);
  });
}

/** Tokens of one purpose issued to the user within the last `withinMs` (the per-account cap). */
export async function recentAccountTokens(
  db: DbOrTx,
  userId: string,
  purpose: AccountTokenPurpose,
  withinMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, sql`now() - ${withinMs}::float8 * interval '1 millisecond'`),
      ),
    );
  return row?.n ?? 0;
}

/** The token's row if it exists, has this purpose, is unused and has not expired. */
const usable = (purpose: AccountTokenPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashAccountToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/**
 * Use a token once: in one statement it is marked used if it is usable, so two requests with
 * the same token cannot both succeed. Answers the user and the address it was sent to, or
 * undefined.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<{ userId: string; email: string } | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(purpose, token))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row;
}

/** The user a usable token belongs to, without using it (consumeAccountToken still decides). */
export async function accountTokenUser(
  db: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(usable(purpose, token));
  return row?.userId;
}

/** After a reset, the user's other reset links stop working too. */
export async function retireAccountTokens(
  db: DbOrTx,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** A token whose email could not be sent: it never reached anyone, so it goes. */
export async function withdrawAccountToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(accountTokens).where(eq(accountTokens.tokenHash, hashAccountToken(token)));
}

export type MailRecipient = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  banned: boolean;
  emailVerified: boolean;
};

/** The account a mail goes to: by id, or by username or email (case-insensitively). */
export async function findMailRecipient(
  db: DbOrTx,
  by: { id: string } | { identifier: string },
): Promise<MailRecipient | undefined> {
  const where =
    'id' in by
      ? eq(users.id, by.id)
      : or(
          sql`lower(${users.username}) = ${by.identifier.trim().toLowerCase()}`,
          sql`lower(${users.email}) = ${by.identifier.trim().toLowerCase()}`,
        );
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      banned: sql<boolean>`${users.bannedAt} is not null`,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(where)
    .limit(1);
  return row;
}
