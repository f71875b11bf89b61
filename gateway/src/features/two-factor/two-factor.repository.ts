import { type DbOrTx, twoFactor } from '@app/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';

export type TwoFactorRecord = {
  sealedSecret: string;
  enabled: boolean;
  lastTimeStep: number | null;
  recoveryCodesLeft: number;
};

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactorRecord | undefined> {
  const [row] = await db
    .select({
      sealedSecret: twoFactor.secret,
      enabled: sql<boolean>`${twoFactor.enabledAt} is not null`,
      lastTimeStep: twoFactor.lastTimeStep,
      recoveryCodesLeft: sql<number>`cardinality(${twoFactor.recoveryCodes})`,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row;
}

/**
 * A new setup replaces one still waiting for its first code; nothing when two-factor sign-in
 * is on already (answers false), so a running setup can never overwrite an enabled secret.
 */
export async function startSetup(
  db: DbOrTx,
  userId: string,
  sealedSecret: string,
  recoveryCodeHashes: string[],
): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secret: sealedSecret, recoveryCodes: recoveryCodeHashes })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: {
        secret: sealedSecret,
        recoveryCodes: recoveryCodeHashes,
        lastTimeStep: null,
        createdAt: sql`now()`,
      },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Record a TOTP code accepted at `timeStep`, in one statement: only when no code of that step
 * or a later one was accepted before (two requests with one code: one wins). `enable` also
 * turns the pending setup on. False when another request got there first.
 */
export async function acceptTimeStep(
  db: DbOrTx,
  userId: string,
  timeStep: number,
  opts: { enable: boolean },
): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastTimeStep: timeStep, ...(opts.enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        opts.enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        sql`(${twoFactor.lastTimeStep} is null or ${twoFactor.lastTimeStep} < ${timeStep})`,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Use up a recovery code: removed in the statement that finds it, so each works once. */
export async function useRecoveryCode(db: DbOrTx, userId: string, hash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ recoveryCodes: sql`array_remove(${twoFactor.recoveryCodes}, ${hash})` })
    .where(
      and(
        eq(twoFactor.userId, userId),
        isNotNull(twoFactor.enabledAt),
        sql`${hash} = any(${twoFactor.recoveryCodes})`,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function removeTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}
