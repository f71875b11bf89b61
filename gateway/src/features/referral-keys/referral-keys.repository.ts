import { type DbOrTx, type ReferralKeyRow, referralKeys } from '@app/db';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql.ts';

/**
 * Take one use of a key, atomically: the row is updated only while the key is usable, and
 * the row lock makes concurrent registrations with the same key queue behind each other.
 * Returns undefined when the key is not usable (see `findKeyByCode` for why).
 */
export async function consumeKey(tx: DbOrTx, code: string): Promise<ReferralKeyRow | undefined> {
  const [row] = await tx
    .update(referralKeys)
    .set({ usedCount: sql`${referralKeys.usedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(referralKeys.code, code),
        eq(referralKeys.active, true),
        sql`(${referralKeys.expiresAt} is null or ${referralKeys.expiresAt} > now())`,
        sql`${referralKeys.usedCount} < ${referralKeys.maxUses}`,
      ),
    )
    .returning();
  return row;
}

export async function findKeyByCode(
  db: DbOrTx,
  code: string,
): Promise<(ReferralKeyRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .select({ key: referralKeys, expired: sql<boolean>`coalesce(${referralKeys.expiresAt} <= now(), false)` })
    .from(referralKeys)
    .where(eq(referralKeys.code, code))
    .limit(1);
  return row && { ...row.key, expired: row.expired };
}

export async function findKeyById(
  db: DbOrTx,
  id: string,
  forUpdate = false,
): Promise<ReferralKeyRow | undefined> {
  const query = db.select().from(referralKeys).where(eq(referralKeys.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function listKeys(
  db: DbOrTx,
  opts: { q?: string; limit: number; offset: number },
): Promise<{ rows: ReferralKeyRow[]; total: number }> {
  let where: SQL | undefined;
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    where = or(ilike(referralKeys.code, pattern), ilike(referralKeys.label, pattern));
  }
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(referralKeys)
      .where(where)
      .orderBy(desc(referralKeys.createdAt), desc(referralKeys.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(referralKeys).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Insert a key; undefined when the code is already taken (the caller draws another). */
export async function insertKey(
  tx: DbOrTx,
  values: { code: string; label: string | null; maxUses: number; expiresAt: Date | null; createdBy: string },
): Promise<ReferralKeyRow | undefined> {
  const [row] = await tx.insert(referralKeys).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Change active and/or maxUses. The maxUses condition sits in the UPDATE itself, so a
 * registration committing in between cannot leave usedCount above maxUses.
 */
export async function patchKey(
  tx: DbOrTx,
  id: string,
  patch: { active?: boolean; maxUses?: number },
): Promise<ReferralKeyRow | undefined> {
  const [row] = await tx
    .update(referralKeys)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(
      and(
        eq(referralKeys.id, id),
        patch.maxUses === undefined ? undefined : sql`${referralKeys.usedCount} <= ${patch.maxUses}`,
      ),
    )
    .returning();
  return row;
}
