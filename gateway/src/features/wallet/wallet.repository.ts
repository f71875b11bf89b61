import { type DbOrTx, type UserRow, users } from '@app/db';
import { eq, sql } from 'drizzle-orm';

export type HoldState = Pick<UserRow, 'id' | 'role' | 'freezAmount' | 'freezReason'>;

/** The user's hold as it is, with the row locked until the transaction ends. */
export async function lockHold(tx: DbOrTx, userId: string): Promise<HoldState | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      freezAmount: users.freezAmount,
      freezReason: users.freezReason,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Paise and the reason the user sees (null when nothing is held). */
export async function setHold(
  tx: DbOrTx,
  userId: string,
  freezAmount: bigint,
  freezReason: string | null,
): Promise<void> {
  await tx.update(users).set({ freezAmount, freezReason, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
