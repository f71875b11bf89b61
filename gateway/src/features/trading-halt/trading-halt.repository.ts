import { type DbOrTx, type TradingHaltRow, tradingHalts } from '@app/db';
import { asc, eq, isNull, sql } from 'drizzle-orm';

/** Every standing halt, the platform's first, then by coin. */
export async function listHalts(db: DbOrTx): Promise<TradingHaltRow[]> {
  return db
    .select()
    .from(tradingHalts)
    .orderBy(sql`${tradingHalts.symbol} is not null`, asc(tradingHalts.symbol));
}

const scope = (symbol: string | null) =>
  symbol === null ? isNull(tradingHalts.symbol) : eq(tradingHalts.symbol, symbol);

/** The halt of one scope (null: the platform's), locked until the transaction ends. */
export async function lockHalt(tx: DbOrTx, symbol: string | null): Promise<TradingHaltRow | undefined> {
  const [row] = await tx.select().from(tradingHalts).where(scope(symbol)).for('update');
  return row;
}

/** Start a halt, or give a standing one a new reason (it keeps its start). */
export async function upsertHalt(
  tx: DbOrTx,
  values: { symbol: string | null; reason: string; haltedBy: string },
): Promise<TradingHaltRow> {
  const [row] = await tx
    .insert(tradingHalts)
    .values(values)
    .onConflictDoUpdate({
      target: tradingHalts.symbol,
      set: { reason: values.reason, haltedBy: values.haltedBy },
    })
    .returning();
  if (!row) throw new Error('saving a trading halt returned no row');
  return row;
}

export async function deleteHalt(tx: DbOrTx, symbol: string | null): Promise<TradingHaltRow | undefined> {
  const [row] = await tx.delete(tradingHalts).where(scope(symbol)).returning();
  return row;
}
