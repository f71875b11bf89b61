import { type DbOrTx, type TradeSettingRow, tradeSettings } from '@app/db';
import type { TradeUnit } from '@app/shared';
import { asc, eq, sql } from 'drizzle-orm';

/** Duration in seconds, as SQL: the order the trade card shows the settings in. */
const seconds = sql`${tradeSettings.time} * case ${tradeSettings.unit} when 'Hours' then 3600 when 'Minutes' then 60 else 1 end`;

export async function listSettings(db: DbOrTx): Promise<TradeSettingRow[]> {
  return db.select().from(tradeSettings).orderBy(seconds, asc(tradeSettings.id));
}

export type SettingValues = { time: number; unit: TradeUnit; payoutPercent: number };

export async function insertSetting(db: DbOrTx, values: SettingValues): Promise<TradeSettingRow> {
  const [row] = await db.insert(tradeSettings).values(values).returning();
  if (!row) throw new Error('insert into trade_settings returned no row');
  return row;
}

export async function updateSetting(
  db: DbOrTx,
  id: number,
  values: SettingValues,
): Promise<TradeSettingRow | undefined> {
  const [row] = await db
    .update(tradeSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tradeSettings.id, id))
    .returning();
  return row;
}

/**
 * Running and settled trades keep their copied terms; their `setting_id` becomes null
 * (ON DELETE SET NULL, which the trades guard allows).
 */
export async function deleteSetting(db: DbOrTx, id: number): Promise<TradeSettingRow | undefined> {
  const [row] = await db.delete(tradeSettings).where(eq(tradeSettings.id, id)).returning();
  return row;
}

/** Row lock for an edit, so the audit's `before` is the row the edit replaced. */
export async function lockSetting(db: DbOrTx, id: number): Promise<TradeSettingRow | undefined> {
  const [row] = await db.select().from(tradeSettings).where(eq(tradeSettings.id, id)).for('update');
  return row;
}
