import { type Db, type DbOrTx, loginLocks, users } from '@app/db';
import { type LockLane, MSG } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { notFound, RetryLaterError } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit } from '../audit/audit.ts';

/**
 * Sign-in attempts counted per account, beside the per-address limit of the rate limiter. Each
 * attempt takes its slot in one statement before its password (or code) is checked, so however
 * many arrive at once at most `threshold` are checked inside `windowMs`: the one that takes the
 * last slot sets the lock, which then refuses every attempt (the right password too) for
 * `windowMs`. A wrong password keeps its slot; a right one that signs in clears its lane, and one
 * that does not (a code must follow, or it only confirmed a change) gives its slot back.
 *
 * The address the account last signed in from successfully has a lane of its own (`known`), with
 * the same threshold: guesses from anywhere else (`elsewhere`) do not lock the owner out there.
 * A superadmin's unlock clears both (POST /api/admin/users/{id}/unlock, `pnpm admin unlock`), and
 * so does a password reset. State: the login_locks table, one row per account and lane.
 */
export type LoginLockSettings = { threshold: number; windowMs: number };
export type Lane = LockLane;

/** The answer while an account is locked: 429, how long to wait, and Retry-After in seconds. */
export class AccountLockedError extends RetryLaterError {
  override name = 'AccountLockedError';
  constructor(readonly until: Date) {
    super(MSG.accountLocked, (until.getTime() - Date.now()) / 1000);
  }
}

const interval = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/** The lane of an attempt from `ip`: the known one when it is the last successful sign-in's. */
const laneOf = (userId: string, ip: string) =>
  sql<Lane>`coalesce((select 'known' from ${loginLocks} k where k.user_id = ${userId}
    and k.lane = 'known' and k.address = ${ip}), 'elsewhere')`;

/** An attempt's slot: its lane, and the lock it set when it took the lane's last slot. */
export type Slot = { lane: Lane; locked: Date | undefined };

/**
 * Take a slot of the lane `ip` belongs to, in one statement (concurrent attempts each count, in
 * turn): attempts older than the window are dropped, the one that reaches the threshold sets
 * the lock, and while the lane is locked nothing is taken. The lock lasts a window from the
 * attempt that set it, so when it ends every counted attempt has aged out. Throws
 * AccountLockedError while the lane is locked.
 */
export async function takeSlot(
  db: DbOrTx,
  userId: string,
  ip: string,
  settings: LoginLockSettings,
): Promise<Slot> {
  const span = interval(settings.windowMs);
  const kept = sql`array(select f from unnest(${loginLocks.failures}) f where f > now() - ${span})`;
  const locks = sql`cardinality(${kept}) + 1 >= ${settings.threshold}`;
  // A lock that ended between the refusal and the read lets the next try take its slot.
  for (let tries = 1; ; tries++) {
    const [row] = await db
      .insert(loginLocks)
      .values({
        userId,
        lane: laneOf(userId, ip),
        failures: sql`array[now()]`,
        lockedUntil: settings.threshold <= 1 ? sql`now() + ${span}` : null,
      })
      .onConflictDoUpdate({
        target: [loginLocks.userId, loginLocks.lane],
        set: {
          failures: sql`${kept} || now()`,
          lockedUntil: sql`case when ${locks} then now() + ${span} end`,
        },
        setWhere: sql`${loginLocks.lockedUntil} is null or ${loginLocks.lockedUntil} <= now()`,
      })
      .returning({ lane: loginLocks.lane, lockedUntil: loginLocks.lockedUntil });
    if (row) return { lane: row.lane as Lane, locked: row.lockedUntil ?? undefined };
    const [held] = await db
      .select({ lockedUntil: loginLocks.lockedUntil })
      .from(loginLocks)
      .where(
        sql`${loginLocks.userId} = ${userId} and ${loginLocks.lane} = ${laneOf(userId, ip)}
          and ${loginLocks.lockedUntil} > now()`,
      );
    if (held?.lockedUntil) throw new AccountLockedError(held.lockedUntil);
    if (tries === 3) throw new AccountLockedError(new Date(Date.now() + 1000));
  }
}

/**
 * Give a slot back (its password was right, but no sign-in follows yet): one attempt less in
 * its lane, and the lock it set, if any, lifted.
 */
export async function returnSlot(db: DbOrTx, userId: string, slot: Slot): Promise<void> {
  await db
    .update(loginLocks)
    .set({
      failures: sql`${loginLocks.failures}[1:cardinality(${loginLocks.failures}) - 1]`,
      ...(slot.locked ? { lockedUntil: null } : {}),
    })
    .where(and(eq(loginLocks.userId, userId), eq(loginLocks.lane, slot.lane)));
}

/**
 * A sign-in from `ip` succeeded (or an account was created from it): its lane's attempts no
 * longer count, and `ip` becomes the known address, with a fresh count. A success from the known
 * address leaves the `elsewhere` lane as it is, so an outsider's lock outlives the owner's
 * sign-ins.
 */
export async function signedInFrom(db: DbOrTx, userId: string, ip: string, lane: Lane): Promise<void> {
  if (lane === 'elsewhere')
    await db.delete(loginLocks).where(and(eq(loginLocks.userId, userId), eq(loginLocks.lane, 'elsewhere')));
  const fresh = { address: ip, failures: sql`'{}'::timestamptz[]`, lockedUntil: null };
  await db
    .insert(loginLocks)
    .values({ userId, lane: 'known', ...fresh })
    .onConflictDoUpdate({ target: [loginLocks.userId, loginLocks.lane], set: fresh });
}

/**
 * Every lane's attempts and lock cleared (an unlock, a password reset); the known address is
 * kept. Answers the attempts cleared and the lock lifted, if any.
 */
export async function clearLocks(
  tx: DbOrTx,
  userId: string,
): Promise<{ failures: number; wasLockedUntil: Date | null }> {
  const was = await tx
    .select({ failures: loginLocks.failures, lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(eq(loginLocks.userId, userId))
    .for('update');
  await tx.delete(loginLocks).where(and(eq(loginLocks.userId, userId), eq(loginLocks.lane, 'elsewhere')));
  await tx
    .update(loginLocks)
    .set({ failures: sql`'{}'::timestamptz[]`, lockedUntil: null })
    .where(eq(loginLocks.userId, userId));
  const now = new Date();
  const locks = was.flatMap((r) => (r.lockedUntil && r.lockedUntil > now ? [r.lockedUntil] : []));
  return {
    failures: was.reduce((n, r) => n + r.failures.length, 0),
    wasLockedUntil: locks.length ? new Date(Math.max(...locks.map(Number))) : null,
  };
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
    const { failures, wasLockedUntil } = await clearLocks(tx, userId);
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
