import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type MarketTickRow, marketTicks } from './schema/market.ts';

export type ArchivedTick = {
  symbol: string;
  priceE8: bigint;
  aggTradeId: number | null;
  exchangeTs: Date;
  receivedAt: Date;
  source: string;
};

/**
 * Archive ticks: one row per symbol and second, the last tick of that second winning
 * (a later exchange time, or the higher aggregate-trade id at the same time, replaces).
 */
export async function archiveTicks(db: DbOrTx, ticks: ArchivedTick[]): Promise<void> {
  if (ticks.length === 0) return;
  // Keep only the last tick per (symbol, second) of this batch: one row per key per statement.
  const latest = new Map<string, ArchivedTick & { second: Date }>();
  for (const t of ticks) {
    const second = new Date(Math.floor(t.exchangeTs.getTime() / 1000) * 1000);
    const key = `${t.symbol}|${second.getTime()}`;
    const prev = latest.get(key);
    if (!prev || isLater(t, prev)) latest.set(key, { ...t, second });
  }
  await db
    .insert(marketTicks)
    .values([...latest.values()])
    .onConflictDoUpdate({
      target: [marketTicks.symbol, marketTicks.second],
      set: {
        priceE8: sql`excluded.price_e8`,
        aggTradeId: sql`excluded.agg_trade_id`,
        exchangeTs: sql`excluded.exchange_ts`,
        receivedAt: sql`excluded.received_at`,
        source: sql`excluded.source`,
      },
      setWhere: sql`(excluded.exchange_ts, coalesce(excluded.agg_trade_id, 0)) >= (${marketTicks.exchangeTs}, coalesce(${marketTicks.aggTradeId}, 0))`,
    });
}

function isLater(a: ArchivedTick, b: ArchivedTick): boolean {
  const dt = a.exchangeTs.getTime() - b.exchangeTs.getTime();
  if (dt !== 0) return dt > 0;
  return (a.aggTradeId ?? 0) >= (b.aggTradeId ?? 0);
}

/**
 * The last archived tick at or before `at`: the exit price rule of settlement. `liveOnly`
 * skips simulated ticks (they never decide real money).
 */
export async function lastTickAtOrBefore(
  db: DbOrTx,
  symbol: string,
  at: Date,
  options: { liveOnly?: boolean } = {},
): Promise<MarketTickRow | undefined> {
  const conditions = [eq(marketTicks.symbol, symbol), lte(marketTicks.exchangeTs, at)];
  if (options.liveOnly) conditions.push(ne(marketTicks.source, 'simulated'));
  const [row] = await db
    .select()
    .from(marketTicks)
    .where(and(...conditions))
    .orderBy(desc(marketTicks.exchangeTs))
    .limit(1);
  return row;
}

/** Create the daily partitions for today and the next `daysAhead` days. */
export async function ensureTickPartitions(db: DbOrTx, daysAhead = 2): Promise<void> {
  await db.execute(sql`select ensure_market_tick_partitions(${daysAhead}::int)`);
}

/** Drop daily partitions older than `keepDays`; returns how many were dropped. */
export async function dropOldTickPartitions(db: DbOrTx, keepDays: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select drop_market_tick_partitions(${keepDays}::int) as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
