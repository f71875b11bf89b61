/**
 * Market data as every process sees it. Prices are USDT (exchange) numbers for display;
 * where a price decides money it travels as `priceE8`, the exact decimal scaled by 1e8.
 */
export const FEED_SOURCES = ['binance', 'binance-rest', 'simulated'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

export type Tick = {
  symbol: string; // coin symbol, e.g. BTC
  price: number; // USDT
  priceE8: string; // exact price x 1e8 as an integer string
  aggTradeId: number | null; // Binance aggregate-trade id (null from REST or simulated)
  exchangeTs: number; // ms, exchange time of the trade
  receivedAt: number; // ms, when we received it
  source: FeedSource;
};

export type BookLevel = [price: number, quantity: number];
export type OrderBook = {
  symbol: string;
  asks: BookLevel[];
  bids: BookLevel[];
  lastUpdateId: number;
  ts: number;
};

export type Stats24h = {
  symbol: string;
  open: number;
  high: number;
  low: number;
  last: number;
  priceChange: number;
  priceChangePercent: number;
  volume: number; // base asset
  quoteVolume: number; // USDT
  ts: number;
};

export type TickerEntry = {
  symbol: string;
  price: number;
  priceChangePercent: number;
  volume: number;
  source: FeedSource;
};

export type FeedState = 'live' | 'reconnecting' | 'rest' | 'down';
export type FeedStatus = { source: FeedSource; state: FeedState; simulated: boolean; since: number };

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const CANDLE_INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};
export type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number };

export const ORDER_BOOK_LEVELS = 15;
export const LIVE_PRICE_POINTS = 60;
export const MARKET_PRICE_MAX_PER_SECOND = 10;
export const TICKER_MAX_PER_SECOND = 1;

/** Exchange symbol a coin is priced from. */
export const marketSymbol = (symbol: string) => `${symbol.toUpperCase()}USDT`;

/** Parse a decimal string (Binance sends prices as strings) into an exact 1e8-scaled bigint. */
export function decimalToE8(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal: ${value}`);
  const frac = (m[3] ?? '').padEnd(8, '0');
  if (frac.length > 8 && /[1-9]/.test(frac.slice(8))) throw new RangeError(`more than 8 decimals: ${value}`);
  const e8 = BigInt(m[2] ?? '0') * 100_000_000n + BigInt(frac.slice(0, 8) || '0');
  return m[1] ? -e8 : e8;
}

export function e8ToNumber(e8: bigint | string): number {
  return Number(BigInt(e8)) / 1e8;
}

/** Redis keys shared by the ingestion worker (writer) and the gateway (reader). */
export const marketKeys = {
  price: (symbol: string) => `market:price:${symbol}`,
  ticks: (symbol: string) => `market:ticks:${symbol}`,
  book: (symbol: string) => `market:book:${symbol}`,
  stats: (symbol: string) => `market:stats:${symbol}`,
  candles: (symbol: string, interval: string) => `market:candles:${symbol}:${interval}`,
  usdtInr: () => 'market:usdtinr',
  feed: () => 'market:feed',
  leader: () => 'market:leader',
} as const;
/** How many recent ticks per symbol Redis keeps. */
export const RECENT_TICKS = 300;
