import type { Db } from '@app/db';
import type { FeedCoin } from './types.ts';

/**
 * The coins to ingest: MARKET_SYMBOLS when set (e.g. "BTC,ETH", priced from BTCUSDT, ETHUSDT),
 * else the enabled coins of the database in their sort order, and the disabled ones that still
 * have running trades: those settle at a price, so the feed keeps pricing the coin until its
 * last trade has settled (new trades on it are refused by the gateway).
 */
export async function loadCoins(db: Db, override: string | undefined): Promise<FeedCoin[]> {
  if (override) {
    const symbols = [...new Set(override.split(',').map((s) => s.trim().toUpperCase()))].filter(Boolean);
    return symbols.map((symbol) => ({ symbol, name: symbol, marketSymbol: `${symbol}USDT` }));
  }
  const rows = await db.query.coins.findMany({
    columns: { symbol: true, name: true, marketSymbol: true },
    where: (c, { eq, or, sql }) =>
      or(
        eq(c.enabled, true),
        sql`exists (select 1 from trades t where t.status = 'running' and t.symbol = ${c.symbol})`,
      ),
    orderBy: (c, { asc }) => [asc(c.sortOrder), asc(c.symbol)],
  });
  return rows.map((r) => ({ symbol: r.symbol, name: r.name, marketSymbol: r.marketSymbol.toUpperCase() }));
}

export function sameCoins(a: readonly FeedCoin[], b: readonly FeedCoin[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => c.symbol === b[i]?.symbol && c.marketSymbol === b[i]?.marketSymbol)
  );
}
