/**
 * Market data as every process sees it. Prices are USDT (exchange) numbers for display;
 * where a price decides money it travels as `priceE8`, the exact decimal scaled by 1e8.
 */
import { z } from 'zod';

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
/**
 * Default rates of the market channels (workers' MARKET_*_MAX_PER_SECOND settings), chosen for
 * a screen rather than the exchange: docs/adr/0020-market-conflation-and-sequence-numbers.md.
 */
export const MARKET_PRICE_MAX_PER_SECOND = 10;
export const MARKET_BOOK_MAX_PER_SECOND = 2;
export const MARKET_STATS_MAX_PER_SECOND = 1;
export const TICKER_MAX_PER_SECOND = 1;

/**
 * The position of a market event in its channel (a room and an event: `market:BTC` +
 * `market:book`), assigned by the feed leader in the workers. It grows by one per event; a
 * client that sees it jump knows events were skipped (a slow socket's gateway sends only the
 * newest). A new leader starts from its clock in milliseconds, above anything the one before
 * it could have reached, so the numbers never go back across a failover.
 */
export type MarketSeq = { seq: number };
export type TickEvent = Tick & MarketSeq;
export type OrderBookEvent = OrderBook & MarketSeq;
export type Stats24hEvent = Stats24h & MarketSeq;
export type TickerEvent = { coins: TickerEntry[]; ts: number } & MarketSeq;

/** Exchange symbol a coin is priced from. */
export const marketSymbol = (symbol: string) => `${symbol.toUpperCase()}USDT`;

/** Binance's public REST API: where anyone can look a recorded trade up, whatever host the feed reads. */
export const BINANCE_PUBLIC_API = 'https://api.binance.com';

/** The address on Binance's public API that shows aggregate trade `aggTradeId` of `pair` (BTCUSDT). */
export function binanceAggTradeUrl(pair: string, aggTradeId: number): string {
  const query = new URLSearchParams({ symbol: pair.toUpperCase(), fromId: String(aggTradeId), limit: '1' });
  return `${BINANCE_PUBLIC_API}/api/v3/aggTrades?${query}`;
}

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
/** The value of `marketKeys.usdtInr()`: display rate for INR prices. */
export type UsdtInrRate = { inr: number; source: string; updatedAt: number };

/** How many recent ticks per symbol Redis keeps. */
export const RECENT_TICKS = 300;

// ---- API answers and queries (gateway routes validate with these; the web may too) ----

export const FEED_STATES = ['live', 'reconnecting', 'rest', 'down'] as const satisfies readonly FeedState[];

/** What `GET /api/market/feed` and `feed:status` say before any worker has reported. */
export const UNKNOWN_FEED_STATUS: FeedStatus = {
  source: 'binance',
  state: 'down',
  simulated: false,
  since: 0,
};

/** Readable messages of the market API and socket events. */
export const MARKET_MSG = {
  symbolRequired: 'Give a coin symbol such as BTC.',
  unknownMarket: (symbol: string) => `Unknown market: ${symbol}.`,
  noDataYet: (pair: string) => `Market data for ${pair} is not available yet. Please try again shortly.`,
  idsRequired: 'Give ids: comma-separated coin symbols such as BTC,ETH.',
  tooManyIds: (max: number) => `At most ${max} coin symbols at once.`,
  timeframeInvalid: 'tf must be one of 1H, 1D, 1W, 1M.',
  intervalInvalid: `interval must be one of ${CANDLE_INTERVALS.join(', ')}.`,
  limitInvalid: 'limit must be a whole number from 1 to 500.',
  tooManySubscriptions: (max: number) => `At most ${max} markets can be watched at once.`,
} as const;

export const feedSourceSchema = z.enum(FEED_SOURCES);
export const feedStatusSchema = z.object({
  source: feedSourceSchema,
  state: z.enum(FEED_STATES),
  simulated: z.boolean(),
  since: z.number(),
}) satisfies z.ZodType<FeedStatus>;

export const tickSchema = z.object({
  symbol: z.string(),
  price: z.number(),
  priceE8: z.string(),
  aggTradeId: z.number().nullable(),
  exchangeTs: z.number(),
  receivedAt: z.number(),
  source: feedSourceSchema,
}) satisfies z.ZodType<Tick>;

export const bookLevelSchema = z.tuple([z.number(), z.number()]);
export const orderBookSchema = z.object({
  symbol: z.string(),
  asks: z.array(bookLevelSchema),
  bids: z.array(bookLevelSchema),
  lastUpdateId: z.number(),
  ts: z.number(),
}) satisfies z.ZodType<OrderBook>;

export const stats24hSchema = z.object({
  symbol: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  last: z.number(),
  priceChange: z.number(),
  priceChangePercent: z.number(),
  volume: z.number(),
  quoteVolume: z.number(),
  ts: z.number(),
}) satisfies z.ZodType<Stats24h>;

export const candleSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
}) satisfies z.ZodType<Candle>;

export const tickerEntrySchema = z.object({
  symbol: z.string(),
  price: z.number(),
  priceChangePercent: z.number(),
  volume: z.number(),
  source: feedSourceSchema,
}) satisfies z.ZodType<TickerEntry>;

/** The Redis value of `marketKeys.usdtInr()`. */
export const usdtInrRateSchema = z.object({
  inr: z.number().positive(),
  source: z.string(),
  updatedAt: z.number(),
}) satisfies z.ZodType<UsdtInrRate>;

/** GET /api/binance/usdt-inr: `updatedAt` is null (and source 'default') until a rate is loaded. */
export const usdtInrResponseSchema = z.object({
  inr: z.number(),
  source: z.string(),
  updatedAt: z.number().nullable(),
});
export type UsdtInrResponse = z.infer<typeof usdtInrResponseSchema>;

/** One row of GET /api/market: null numbers until the feed has data for the coin. */
export const marketCoinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  priceInr: z.number().nullable(),
  priceChangePercent: z.number().nullable(),
  /** 24 h quote volume in USDT */
  volume: z.number().nullable(),
  icon: z.string().nullable(),
  source: feedSourceSchema.nullable(),
});
export type MarketCoin = z.infer<typeof marketCoinSchema>;

export const marketResponseSchema = z.object({
  coins: z.array(marketCoinSchema),
  /** USDT-INR display rate */
  usdtInr: z.number(),
  feed: feedStatusSchema,
});
export type MarketResponse = z.infer<typeof marketResponseSchema>;

/** Sparkline timeframes and the candles each is drawn from (close prices, oldest first). */
export const SPARKLINE_TIMEFRAMES = ['1H', '1D', '1W', '1M'] as const;
export type SparklineTimeframe = (typeof SPARKLINE_TIMEFRAMES)[number];
export const DEFAULT_SPARKLINE_TIMEFRAME: SparklineTimeframe = '1D';
export const SPARKLINE_CANDLES: Record<SparklineTimeframe, { interval: CandleInterval; points: number }> = {
  '1H': { interval: '1m', points: 60 },
  '1D': { interval: '1h', points: 24 },
  '1W': { interval: '4h', points: 42 },
  '1M': { interval: '1d', points: 30 },
};
export const SPARKLINE_MAX_IDS = 50;

const upperTrimmed = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
/** `btc, eth,,BTC` → `['BTC', 'ETH']` (a repeated query parameter arrives as `a,b` too). */
const symbolList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  ),
];

export const sparklineQuerySchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' || Array.isArray(v) ? symbolList(String(v)) : v),
    z
      .array(z.string().max(20), { error: MARKET_MSG.idsRequired })
      .min(1, MARKET_MSG.idsRequired)
      .max(SPARKLINE_MAX_IDS, MARKET_MSG.tooManyIds(SPARKLINE_MAX_IDS)),
  ),
  tf: z.preprocess(
    upperTrimmed,
    z.enum(SPARKLINE_TIMEFRAMES, { error: MARKET_MSG.timeframeInvalid }).default(DEFAULT_SPARKLINE_TIMEFRAME),
  ),
});
export type SparklineQuery = z.infer<typeof sparklineQuerySchema>;
/** `{ [symbol]: close prices, oldest first }`; unknown symbols are left out. */
export const sparklineResponseSchema = z.record(z.string(), z.array(z.number()));

export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '15m';
export const CANDLES_MAX_LIMIT = 500;
export const CANDLES_DEFAULT_LIMIT = 200;

export const candlesQuerySchema = z.object({
  symbol: z.preprocess(
    upperTrimmed,
    z
      .string({ error: MARKET_MSG.symbolRequired })
      .min(1, MARKET_MSG.symbolRequired)
      .max(20, MARKET_MSG.symbolRequired)
      .regex(/^[A-Z0-9]+$/, MARKET_MSG.symbolRequired),
  ),
  interval: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.enum(CANDLE_INTERVALS, { error: MARKET_MSG.intervalInvalid }).default(DEFAULT_CANDLE_INTERVAL),
  ),
  limit: z.coerce
    .number({ error: MARKET_MSG.limitInvalid })
    .int(MARKET_MSG.limitInvalid)
    .min(1, MARKET_MSG.limitInvalid)
    .max(CANDLES_MAX_LIMIT, MARKET_MSG.limitInvalid)
    .default(CANDLES_DEFAULT_LIMIT),
});
export type CandlesQuery = z.infer<typeof candlesQuerySchema>;
export const candlesResponseSchema = z.object({
  symbol: z.string(),
  interval: z.enum(CANDLE_INTERVALS),
  /** time in seconds, ascending */
  candles: z.array(candleSchema),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;

/** `:pair` of the /api/binance routes: the exchange symbol, e.g. BTCUSDT. */
export const marketPairParamsSchema = z.object({
  pair: z.preprocess(upperTrimmed, z.string().min(1, MARKET_MSG.symbolRequired).max(30)),
});
