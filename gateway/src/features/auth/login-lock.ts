import { type Db, type DbOrTx, loginLocks, users } from '@app/db';
import { MSG } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { notFound, RetryLaterError } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit } from '../audit/audit.ts';

/**
 * Failed sign-ins counted per account, beside the per-address limit of the rate limiter: one
 * account guessed from many addresses locks after `threshold` failures inside `windowMs`, and
 * then refuses every sign-in (the right password too) for `windowMs` from the failure that
 * locked it. A success before that clears the count; so does a superadmin's unlock
 * (POST /api/admin/users/{id}/unlock, `pnpm admin unlock`). State: the login_locks table.
 */
export type LoginLockSettings = { threshold: number; windowMs: number };

/** The answer while an account is locked: 429, how long to wait, and Retry-After in seconds. */
export class AccountLockedError extends RetryLaterError {
  override name = 'AccountLockedError';
  constructor(until: Date) {
    super(MSG.accountLocked, (until.getTime() - Date.now()) / 1000);
  }
}

const interval = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** When the account's lock ends, if it is locked now. */
export async function lockedUntil(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(sql`${loginLocks.userId} = ${userId} and ${loginLocks.lockedUntil} > now()`);
  return row?.lockedUntil ?? undefined;
}

/**
 * Count one failed sign-in, in one statement (concurrent failures each count): failures older
 * than the window are dropped, and the one that reaches the threshold sets the lock. The lock
 * lasts a window from that failure, so when it ends every counted failure has aged out and the
 * count starts afresh. Answers the lock, if the account is locked now.
 */
export async function recordFailure(
  db: DbOrTx,
  userId: string,
  settings: LoginLockSettings,
): Promise<Date | undefined> {
  const span = interval(settings.windowMs);
  const kept = sql`array(select f from unnest(${loginLocks.failures}) f where f > now() - ${span})`;
  const locks = sql`cardinality(${kept}) + 1 >= ${settings.threshold}`;
  const firstLocks = settings.threshold <= 1;
  const [row] = await db
    .insert(loginLocks)
    .values({
      userId,
      failures: sql`array[now()]`,
      lockedUntil: firstLocks ? sql`now() + ${span}` : null,
    })
    .onConflictDoUpdate({
      target: loginLocks.userId,
      set: {
        failures: sql`${kept} || now()`,
        lockedUntil: sql`case when ${locks} then now() + ${span}
          when ${loginLocks.lockedUntil} > now() then ${loginLocks.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: loginLocks.lockedUntil });
  return row?.lockedUntil ?? undefined;
}

/** A successful sign-in: the failures so far no longer count. */
export async function clearFailures(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(loginLocks).where(eq(loginLocks.userId, userId));
}

export type UnlockResult = {
  user: { id: string; username: string };
  /** Failed attempts cleared (those inside the window when the lock was lifted). */
  failures: number;
  /** Until when the account was locked; null when it was not. */
  wasLockedUntil: Date | null;
};

/**
 * Lift an account's lock and clear its failures, audited as `user.unlock` (targetType 'user')
 * in the same transaction. `actor` is null for the command line. 404 for no such user.
 */
export async function unlockAccount(
  db: Db,
  userId: string,
  who: { actor: RequestMeta['actor'] | null; ip: string | null; requestId: string | null; reason?: string },
): Promise<UnlockResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound();
    const [was] = await tx.delete(loginLocks).where(eq(loginLocks.userId, userId)).returning();
    const wasLockedUntil = was?.lockedUntil && was.lockedUntil > new Date() ? was.lockedUntil : null;
    const failures = was?.failures.length ?? 0;
    await audit(tx, {
      actor: who.actor,
      action: 'user.unlock',
      targetType: 'user',
      targetId: userId,
      before: { lockedUntil: wasLockedUntil, failedAttempts: failures },
      after: { lockedUntil: null, failedAttempts: 0 },
      reason: who.reason ?? null,
      ip: who.ip,
      requestId: who.requestId,
    });
    return { user, failures, wasLockedUntil };
  });
}
