import {
  LIVE_PRICE_POINTS,
  type MarketCoin,
  type OrderBook,
  type Stats24h,
  type Tick,
  type TickerEntry,
} from '@app/shared';
import { byExchangeOrder, isNewerTick } from '../lib/ticks.ts';

/** What a table row shows for a coin: REST first, then the `ticker` room and live ticks. */
export type Quote = { price: number | null; priceChangePercent: number | null; volume: number | null };

export type TickSlices = {
  ticks: Record<string, Tick>;
  recent: Record<string, Tick[]>;
  quotes: Record<string, Quote>;
};

/**
 * Applies a batch of ticks in exchange order, skipping any older than the price already
 * shown; keeps the last LIVE_PRICE_POINTS ticks per symbol. Returns null when nothing changed,
 * so the store is not touched (and nothing re-renders).
 */
export function reduceTicks(current: TickSlices, incoming: readonly Tick[]): TickSlices | null {
  if (incoming.length === 0) return null;
  const ordered = [...incoming].sort(byExchangeOrder);
  let ticks = current.ticks;
  let recent = current.recent;
  let quotes = current.quotes;
  let changed = false;
  for (const tick of ordered) {
    if (!isNewerTick(tick, ticks[tick.symbol])) continue;
    if (!changed) {
      ticks = { ...ticks };
      recent = { ...recent };
      changed = true;
    }
    ticks[tick.symbol] = tick;
    const list = recent[tick.symbol] ?? [];
    recent[tick.symbol] =
      list.length >= LIVE_PRICE_POINTS
        ? [...list.slice(list.length - LIVE_PRICE_POINTS + 1), tick]
        : [...list, tick];
    const quote = quotes[tick.symbol];
    if (quote && quote.price !== tick.price) {
      if (quotes === current.quotes) quotes = { ...quotes };
      quotes[tick.symbol] = { ...quote, price: tick.price };
    }
  }
  return changed ? { ticks, recent, quotes } : null;
}

/** Newer by receipt time (or a higher update id at the same time). */
export function isNewerBook(next: OrderBook, prev: OrderBook | undefined): boolean {
  if (!prev) return true;
  if (next.ts !== prev.ts) return next.ts > prev.ts;
  return next.lastUpdateId > prev.lastUpdateId;
}

export function isNewerStats(next: Stats24h, prev: Stats24h | undefined): boolean {
  return !prev || next.ts >= prev.ts;
}

/** Merges `ticker` entries into the quotes; null when every entry was already current. */
export function reduceTicker(
  quotes: Record<string, Quote>,
  entries: readonly TickerEntry[],
): Record<string, Quote> | null {
  let next = quotes;
  for (const e of entries) {
    const q = quotes[e.symbol];
    if (q && q.price === e.price && q.priceChangePercent === e.priceChangePercent && q.volume === e.volume) {
      continue;
    }
    if (next === quotes) next = { ...quotes };
    next[e.symbol] = { price: e.price, priceChangePercent: e.priceChangePercent, volume: e.volume };
  }
  return next === quotes ? null : next;
}

export function quotesFromCoins(coins: readonly MarketCoin[]): Record<string, Quote> {
  const quotes: Record<string, Quote> = {};
  for (const c of coins) {
    quotes[c.symbol] = { price: c.price, priceChangePercent: c.priceChangePercent, volume: c.volume };
  }
  return quotes;
}
