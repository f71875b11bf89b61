import { coins, type DbOrTx, marketTicks } from '@app/db';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';

export type CoinEntry = { symbol: string; name: string; marketSymbol: string; iconUrl: string | null };

/** Enabled coins in display order. */
export async function findEnabledCoins(db: DbOrTx): Promise<CoinEntry[]> {
  return db
    .select({
      symbol: coins.symbol,
      name: coins.name,
      marketSymbol: coins.marketSymbol,
      iconUrl: coins.iconUrl,
    })
    .from(coins)
    .where(eq(coins.enabled, true))
    .orderBy(asc(coins.sortOrder), asc(coins.symbol));
}

/** One OHLC bucket of the tick archive; prices are exact 1e8-scaled integers as text. */
export type ArchiveCandleRow = {
  symbol: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
};

/**
 * OHLC per `intervalSeconds` bucket from the tick archive (one tick per second and symbol),
 * for buckets starting in [from, to). Bounding by `second` lets Postgres prune the daily
 * partitions and walk the (symbol, second) primary key only.
 */
export async function aggregateArchiveCandles(
  db: DbOrTx,
  symbols: string[],
  intervalSeconds: number,
  from: Date,
  to: Date,
): Promise<ArchiveCandleRow[]> {
  if (symbols.length === 0) return [];
  if (!Number.isInteger(intervalSeconds) || intervalSeconds <= 0) throw new RangeError('bad interval');
  // A literal, not a parameter: GROUP BY must repeat the very expression the SELECT list uses.
  const width = sql.raw(String(intervalSeconds));
  const bucket = sql<number>`(floor(extract(epoch from ${marketTicks.second}) / ${width}) * ${width})::bigint`;
  return db
    .select({
      symbol: marketTicks.symbol,
      time: bucket.mapWith(Number),
      open: sql<string>`((array_agg(${marketTicks.priceE8} order by ${marketTicks.second}))[1])::text`,
      high: sql<string>`max(${marketTicks.priceE8})::text`,
      low: sql<string>`min(${marketTicks.priceE8})::text`,
      close: sql<string>`((array_agg(${marketTicks.priceE8} order by ${marketTicks.second} desc))[1])::text`,
    })
    .from(marketTicks)
    .where(
      and(inArray(marketTicks.symbol, symbols), gte(marketTicks.second, from), lt(marketTicks.second, to)),
    )
    .groupBy(marketTicks.symbol, bucket)
    .orderBy(asc(marketTicks.symbol), asc(bucket));
}
