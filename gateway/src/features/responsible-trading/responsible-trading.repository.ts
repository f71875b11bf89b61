import { type DbOrTx, type ResponsibleTradingRow, responsibleTrading, type Tx } from '@app/db';
import { eq, sql } from 'drizzle-orm';

/** The user's row; undefined when they never accepted the disclosure nor set anything. */
export async function readSettings(db: DbOrTx, userId: string): Promise<ResponsibleTradingRow | undefined> {
  const [row] = await db.select().from(responsibleTrading).where(eq(responsibleTrading.userId, userId));
  return row;
}

/**
 * The user's row under the lock placement and top-ups take (created empty if missing), so a
 * change is computed from the row as it is and no check runs against a half-written one.
 */
export async function lockSettings(tx: Tx, userId: string): Promise<ResponsibleTradingRow> {
  await tx.insert(responsibleTrading).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(responsibleTrading)
    .where(eq(responsibleTrading.userId, userId))
    .for('update');
  if (!row) throw new Error('responsible_trading row missing under its lock');
  return row;
}

export type SettingsChange = Partial<
  Pick<
    ResponsibleTradingRow,
    | 'dailyLossLimit'
    | 'pendingDailyLossLimit'
    | 'dailyLossLimitPendingFrom'
    | 'dailyDepositLimit'
    | 'pendingDailyDepositLimit'
    | 'dailyDepositLimitPendingFrom'
    | 'coolOffUntil'
    | 'selfExcludedUntil'
  >
>;

export async function writeSettings(
  tx: Tx,
  userId: string,
  change: SettingsChange,
): Promise<ResponsibleTradingRow> {
  const [row] = await tx
    .update(responsibleTrading)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(responsibleTrading.userId, userId))
    .returning();
  if (!row) throw new Error('responsible_trading row missing on update');
  return row;
}

/** What today (the Indian day of `now`) counts against each daily limit, paise. */
export async function dailyFigures(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ loss: bigint; deposits: bigint }> {
  const at = now.toISOString();
  const [row] = await db.execute<{ loss: string; deposits: string }>(
    sql`select daily_real_loss(${userId}::uuid, ${at}::timestamptz) as loss,
               daily_deposits(${userId}::uuid, ${at}::timestamptz, true, null) as deposits`,
  );
  return { loss: BigInt(row?.loss ?? 0), deposits: BigInt(row?.deposits ?? 0) };
}
