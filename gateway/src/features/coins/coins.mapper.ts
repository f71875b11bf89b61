import type { CoinRow } from '@app/db';
import type { Coin } from '@app/shared';

export const toCoin = (row: CoinRow): Coin => ({
  symbol: row.symbol,
  name: row.name,
  marketSymbol: row.marketSymbol,
  enabled: row.enabled,
  sortOrder: row.sortOrder,
  iconUrl: row.iconUrl,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
