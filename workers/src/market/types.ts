import type { Candle, CandleInterval, FeedSource, FeedState, OrderBook, Stats24h, Tick } from '@app/shared';

/** A coin the ingester prices: our symbol (BTC) and the exchange symbol it comes from (BTCUSDT). */
export type FeedCoin = { symbol: string; name: string; marketSymbol: string };

/** A trade as a feed reports it: the tick, plus the traded base quantity for candle volume. */
export type FeedTrade = { tick: Tick; quantity: number };

/** Where every feed (stream, REST poller, simulation) delivers what it reads. */
export interface FeedSink {
  trade(trade: FeedTrade): void;
  book(book: OrderBook): void;
  stats(stats: Stats24h): void;
  /** Candles from the exchange (or the simulation's backfill): merged over what is stored. */
  candles(symbol: string, interval: CandleInterval, candles: Candle[]): void;
  status(source: FeedSource, state: FeedState): void;
}

/** A running feed. `stop()` ends every timer and connection it opened. */
export interface Feed {
  setCoins(coins: FeedCoin[]): void;
  stop(): Promise<void>;
}
