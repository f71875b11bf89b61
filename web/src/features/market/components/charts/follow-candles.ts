import type { Candle, Tick } from '@app/shared';
import { nextCandle, ticksAfter } from '../../lib/ticks.ts';
import { useMarketStore } from '../../stores/market-store.ts';

export interface FollowCandlesOptions {
  symbol: string;
  intervalSeconds: number;
  history: readonly Candle[];
  /** Draws every candle (at start and when the INR rate changes). */
  draw: (candles: readonly Candle[], rate: number) => void;
  /** Draws the last candle after a tick changed it or opened it. */
  update: (candle: Candle, rate: number) => void;
  store?: typeof useMarketStore;
}

/**
 * Keeps a chart's candles moving with the live ticks, outside React: it listens to the store
 * directly (zustand `subscribe`), so a tick redraws the chart without rendering any component.
 * Returns the unsubscribe.
 */
export function followCandles({
  symbol,
  intervalSeconds,
  history,
  draw,
  update,
  store = useMarketStore,
}: FollowCandlesOptions): () => void {
  const candles = [...history];
  let rate = store.getState().usdtInr;
  let seen: Tick | undefined;

  const take = (ticks: readonly Tick[]) => {
    for (const tick of ticks) {
      const last = candles[candles.length - 1];
      const next = nextCandle(last, tick, intervalSeconds);
      if (!next) continue;
      if (last && next.time === last.time) candles[candles.length - 1] = next;
      else candles.push(next);
      update(next, rate);
    }
  };

  draw(candles, rate);
  const initial = store.getState().recent[symbol] ?? [];
  take(initial);
  seen = initial[initial.length - 1];

  return store.subscribe((state, prev) => {
    if (state.usdtInr !== rate) {
      rate = state.usdtInr;
      draw(candles, rate);
    }
    const list = state.recent[symbol];
    if (list && list !== prev.recent[symbol]) {
      take(ticksAfter(list, seen));
      seen = list[list.length - 1] ?? seen;
    }
  });
}
