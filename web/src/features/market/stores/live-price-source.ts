import { type LivePriceSource, priceToE8 } from '../../../lib/running-trades.ts';
import { useMarketStore } from './market-store.ts';

/**
 * The market store's latest prices lent to other features (lib/running-trades.ts): a live
 * tick's exact e8, else the ticker's quote.
 */
export function marketPriceSource(store = useMarketStore): LivePriceSource {
  return {
    get: (symbol) => {
      const state = store.getState();
      const tick = state.ticks[symbol];
      if (tick) return tick.priceE8;
      const quote = state.quotes[symbol]?.price;
      return quote == null ? null : priceToE8(quote);
    },
    subscribe: (listener) => store.subscribe(listener),
  };
}
