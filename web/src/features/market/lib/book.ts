import type { BookLevel } from '@app/shared';

export type BookRow = { price: number; quantity: number; total: number };

/**
 * Levels from the best price outwards (asks ascending, bids descending, as the feed sends
 * them), each with the quantity summed from the best price to it.
 */
export function cumulativeLevels(levels: readonly BookLevel[], limit = levels.length): BookRow[] {
  const rows: BookRow[] = [];
  let total = 0;
  for (const [price, quantity] of levels.slice(0, limit)) {
    total += quantity;
    rows.push({ price, quantity, total });
  }
  return rows;
}

/** Best ask minus best bid, or null when a side is empty. */
export function spreadOf(asks: readonly BookLevel[], bids: readonly BookLevel[]): number | null {
  const ask = asks[0]?.[0];
  const bid = bids[0]?.[0];
  return ask === undefined || bid === undefined ? null : ask - bid;
}
