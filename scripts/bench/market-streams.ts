/**
 * The market streams a trade page receives, at the platform's default rates and in its payload
 * shapes, for the fan-out benchmark: `market:tick`, `market:book` (15 levels a side),
 * `market:stats` to the coin's room, `ticker` (every coin) to the ticker room. Each event
 * carries its channel's sequence number, as the feed publishes them. Both paths of the
 * benchmark send exactly these events: the raw relay and the platform.
 */
import {
  MARKET_BOOK_MAX_PER_SECOND,
  MARKET_PRICE_MAX_PER_SECOND,
  MARKET_STATS_MAX_PER_SECOND,
  ORDER_BOOK_LEVELS,
  type OrderBook,
  rooms,
  type Stats24h,
  TICKER_MAX_PER_SECOND,
  type TickerEntry,
} from '@app/shared';
import { type BenchTick, now } from './tick.ts';

export type StreamEvent = { room: string; event: string; data: object };

/** Events per second of each channel: the platform's defaults unless the environment says otherwise. */
export const STREAM_RATES = {
  tick: Number(process.env.BENCH_TICK_RATE ?? MARKET_PRICE_MAX_PER_SECOND),
  book: Number(process.env.BENCH_BOOK_RATE ?? MARKET_BOOK_MAX_PER_SECOND),
  stats: Number(process.env.BENCH_STATS_RATE ?? MARKET_STATS_MAX_PER_SECOND),
  ticker: Number(process.env.BENCH_TICKER_RATE ?? TICKER_MAX_PER_SECOND),
};

const TICKER_COINS = 20;

/** A price path that moves every tick, so every book and ticker differs from the one before. */
const priceAt = (n: number) => 95_000 + Math.sin(n / 25) * 120 + (n % 7) * 0.5;

function book(symbol: string, n: number): OrderBook {
  const mid = priceAt(n);
  const level = (side: 1 | -1, i: number): [number, number] => [
    Math.round((mid + side * (0.5 + i * 0.7)) * 100) / 100,
    Math.round((0.01 + ((n * 31 + i * 17) % 200) / 100) * 1e5) / 1e5,
  ];
  return {
    symbol,
    asks: Array.from({ length: ORDER_BOOK_LEVELS }, (_, i) => level(1, i)),
    bids: Array.from({ length: ORDER_BOOK_LEVELS }, (_, i) => level(-1, i)),
    lastUpdateId: 50_000_000 + n,
    ts: Date.now(),
  };
}

function stats(symbol: string, n: number): Stats24h {
  const last = priceAt(n);
  return {
    symbol,
    open: 94_800,
    high: 95_300,
    low: 94_700,
    last,
    priceChange: last - 94_800,
    priceChangePercent: ((last - 94_800) / 94_800) * 100,
    volume: 12_345.678 + n / 1000,
    quoteVolume: 1_172_839_410.5 + n,
    ts: Date.now(),
  };
}

function ticker(n: number): { coins: TickerEntry[]; ts: number } {
  return {
    coins: Array.from({ length: TICKER_COINS }, (_, i) => ({
      symbol: i === 0 ? 'BTC' : `C${String(i).padStart(2, '0')}`,
      price: Math.round(priceAt(n + i) * (i + 1)) / 100,
      priceChangePercent: Math.round(Math.sin(n + i) * 300) / 100,
      volume: 1000 + i * 10 + n,
      source: 'binance',
    })),
    ts: Date.now(),
  };
}

/**
 * Publish the streams of `symbol` through `send` until the returned function is called. Every
 * channel runs on its own schedule, due times computed from the start so none drifts.
 */
export function startStreams(symbol: string, send: (event: StreamEvent) => void): () => void {
  const room = rooms.market(symbol);
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const every = (perSecond: number, emit: (n: number) => void) => {
    const period = 1000 / perSecond;
    const start = now();
    let n = 0;
    const next = () => {
      if (stopped) return;
      emit(++n);
      timers.push(setTimeout(next, Math.max(0, start + n * period - now())));
    };
    next();
  };
  every(STREAM_RATES.tick, (n) => {
    const price = priceAt(n);
    const sentAt = now();
    const tick: BenchTick & { seq: number } = {
      symbol,
      price,
      priceE8: String(Math.round(price * 1e8)),
      aggTradeId: 3_000_000_000 + n,
      exchangeTs: Math.floor(sentAt),
      receivedAt: Math.floor(sentAt),
      source: 'binance',
      sentAt,
      seq: n,
    };
    send({ room, event: 'market:tick', data: tick });
  });
  every(STREAM_RATES.book, (n) => send({ room, event: 'market:book', data: { ...book(symbol, n), seq: n } }));
  every(STREAM_RATES.stats, (n) =>
    send({ room, event: 'market:stats', data: { ...stats(symbol, n), seq: n } }),
  );
  every(STREAM_RATES.ticker, (n) =>
    send({ room: rooms.ticker(), event: 'ticker', data: { ...ticker(n), seq: n } }),
  );
  return () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
  };
}
