import type { Candle, Tick } from '@app/shared';

/**
 * Ticks that arrive out of order (a subscribe snapshot racing a live tick, a late packet)
 * must not move the price backwards. Within one source the aggregate-trade id orders them;
 * otherwise the exchange time does. A tick received much later than the one shown always
 * wins, so a feed whose clock or ids restarted cannot freeze the screen.
 */
export const STALE_GUARD_MS = 5000;

export function isNewerTick(next: Tick, prev: Tick | undefined): boolean {
  if (!prev) return true;
  if (next.receivedAt - prev.receivedAt > STALE_GUARD_MS) return true;
  if (next.aggTradeId !== null && prev.aggTradeId !== null && next.source === prev.source) {
    return next.aggTradeId > prev.aggTradeId;
  }
  if (next.exchangeTs !== prev.exchangeTs) return next.exchangeTs > prev.exchangeTs;
  return next.receivedAt > prev.receivedAt;
}

/** Exchange order: time, then aggregate-trade id. A stable sort keeps arrival order for ties. */
export function byExchangeOrder(a: Tick, b: Tick): number {
  if (a.exchangeTs !== b.exchangeTs) return a.exchangeTs - b.exchangeTs;
  if (a.aggTradeId !== null && b.aggTradeId !== null) return a.aggTradeId - b.aggTradeId;
  return 0;
}

/** The ticks of an ordered list that are newer than `seen` (all of them without one). */
export function ticksAfter(list: readonly Tick[], seen: Tick | undefined): Tick[] {
  if (!seen) return [...list];
  const at = list.lastIndexOf(seen);
  if (at >= 0) return list.slice(at + 1);
  return list.filter((tick) => isNewerTick(tick, seen));
}

/**
 * The candle a tick produces: the last candle updated when the tick falls in its interval,
 * a new candle when it starts the next one, null when it belongs to the past.
 */
export function nextCandle(last: Candle | undefined, tick: Tick, intervalSeconds: number): Candle | null {
  const seconds = Math.floor(tick.exchangeTs / 1000);
  const bucket = seconds - (seconds % intervalSeconds);
  const price = tick.price;
  if (!last || bucket > last.time) {
    return { time: bucket, open: price, high: price, low: price, close: price, volume: 0 };
  }
  if (bucket < last.time) return null;
  return {
    ...last,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
  };
}
