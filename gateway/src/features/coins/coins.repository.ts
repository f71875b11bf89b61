import { type CoinRow, coins, type DbOrTx, marketTicks, trades } from '@app/db';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql.ts';

export type CoinValues = {
  name: string;
  marketSymbol: string;
  enabled: boolean;
  sortOrder: number;
  iconUrl: string | null;
};

/** A page of coins in display order, matching `q` in the symbol or the name. */
export async function listCoins(
  db: DbOrTx,
  query: { q?: string; limit: number; offset: number },
): Promise<{ rows: CoinRow[]; total: number }> {
  let where: SQL | undefined;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where = or(ilike(coins.symbol, pattern), ilike(coins.name, pattern));
  }
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(coins)
      .where(where)
      .orderBy(asc(coins.sortOrder), asc(coins.symbol))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(coins).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The coin, locked until the transaction ends (an edit or a delete of it waits). */
export async function lockCoin(tx: DbOrTx, symbol: string): Promise<CoinRow | undefined> {
  const [row] = await tx.select().from(coins).where(eq(coins.symbol, symbol)).for('update');
  return row;
}

/** Undefined when the symbol is taken (the primary key decides, not an earlier lookup). */
export async function insertCoin(
  tx: DbOrTx,
  symbol: string,
  values: CoinValues,
): Promise<CoinRow | undefined> {
  const [row] = await tx
    .insert(coins)
    .values({ symbol, ...values })
    .onConflictDoNothing({ target: coins.symbol })
    .returning();
  return row;
}

export async function updateCoin(tx: DbOrTx, symbol: string, values: CoinValues): Promise<CoinRow> {
  const [row] = await tx
    .update(coins)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coins.symbol, symbol))
    .returning();
  if (!row) throw new Error(`coin ${symbol} vanished while locked`);
  return row;
}

export async function deleteCoin(tx: DbOrTx, symbol: string): Promise<void> {
  await tx.delete(coins).where(eq(coins.symbol, symbol));
}

/** Running trades of the coin (their settlement needs its prices). */
export async function hasRunningTrades(tx: DbOrTx, symbol: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(trades)
    .where(and(eq(trades.status, 'running'), eq(trades.symbol, symbol)))
    .limit(1);
  return row !== undefined;
}

/** Archived ticks of the coin: the proof behind its settled trades. */
export async function hasArchivedTicks(tx: DbOrTx, symbol: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(marketTicks)
    .where(eq(marketTicks.symbol, symbol))
    .limit(1);
  return row !== undefined;
}
