import type { Db } from '@app/db';
import {
  CANDLE_INTERVAL_SECONDS,
  type Candle,
  type CandleInterval,
  type CandlesQuery,
  type CandlesResponse,
  DEFAULT_USDT_INR,
  e8ToNumber,
  type FeedStatus,
  MARKET_MSG,
  type MarketCoin,
  type MarketResponse,
  ORDER_BOOK_LEVELS,
  type OrderBook,
  SPARKLINE_CANDLES,
  type SparklineQuery,
  type Stats24h,
  type Tick,
  type TickerEntry,
  UNKNOWN_FEED_STATUS,
  type UsdtInrResponse,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, notFound } from '../../lib/errors.ts';
import { aggregateArchiveCandles, type CoinEntry, findEnabledCoins } from './market.repository.ts';
import { createMarketStore, type Snapshot } from './market.store.ts';

/**
 * How long the enabled-coin list is reused before Postgres is asked again. A change through
 * the admin coins routes drops it on every gateway at once (features/coins/coins.plugin.ts);
 * this bounds how long a lost change message can leave a gateway behind.
 */
export const COINS_CACHE_MS = 5_000;

export type MarketServiceDeps = {
  db: Db;
  redis: Redis;
  log: FastifyBaseLogger;
  coinsCacheMs?: number;
  now?: () => number;
};

/** INR is display only: enough decimals that a tiny coin (SHIB) still shows a price. */
const toInr = (usdt: number, rate: number) => Math.round(usdt * rate * 1e8) / 1e8;

const noDataYet = (pair: string) => new AppError(503, MARKET_MSG.noDataYet(pair));

/**
 * Market answers for REST and sockets, from Redis (what the ingestion worker writes) and the
 * Postgres tick archive; never from an exchange call.
 */
export function createMarketService({
  db,
  redis,
  log,
  coinsCacheMs = COINS_CACHE_MS,
  now = Date.now,
}: MarketServiceDeps) {
  const store = createMarketStore(redis, log);

  let cached: { at: number; coins: Promise<CoinEntry[]> } | undefined;
  function enabledCoins(): Promise<CoinEntry[]> {
    const t = now();
    if (!cached || t - cached.at >= coinsCacheMs) {
      const coins = findEnabledCoins(db);
      const entry = { at: t, coins };
      cached = entry;
      // A failed read is not cached: the next call asks again.
      coins.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.coins;
  }

  /** An enabled coin by its symbol (BTC) or exchange symbol (BTCUSDT), any case. */
  async function findCoin(input: string): Promise<CoinEntry | undefined> {
    const wanted = input.trim().toUpperCase();
    if (!wanted) return undefined;
    const coins = await enabledCoins();
    return coins.find((c) => c.symbol === wanted) ?? coins.find((c) => c.marketSymbol === wanted);
  }

  async function coinOr404(input: string): Promise<CoinEntry> {
    const coin = await findCoin(input);
    if (!coin) throw notFound(MARKET_MSG.unknownMarket(input.trim().toUpperCase()));
    return coin;
  }

  async function rate(): Promise<UsdtInrResponse> {
    const stored = await store.usdtInr();
    return stored ?? { inr: DEFAULT_USDT_INR, source: 'default', updatedAt: null };
  }

  async function feed(): Promise<FeedStatus> {
    return (await store.feed()) ?? UNKNOWN_FEED_STATUS;
  }

  /** Candles per symbol: the worker's from Redis, else aggregated from the tick archive. */
  async function candlesFor(
    symbols: string[],
    interval: CandleInterval,
    limit: number,
  ): Promise<Map<string, Candle[]>> {
    const fromRedis = await store.candles(symbols, interval);
    const out = new Map<string, Candle[]>();
    const missing: string[] = [];
    for (const s of symbols) {
      const candles = fromRedis.get(s);
      if (candles) out.set(s, candles.slice(-limit));
      else missing.push(s);
    }
    if (missing.length === 0) return out;

    const width = CANDLE_INTERVAL_SECONDS[interval];
    const current = Math.floor(now() / 1000 / width) * width;
    const from = new Date((current - (limit - 1) * width) * 1000);
    const to = new Date((current + width) * 1000);
    const rows = await aggregateArchiveCandles(db, missing, width, from, to);
    for (const s of missing) out.set(s, []);
    for (const r of rows) {
      // The archive keeps prices only: its candles carry no volume.
      out.get(r.symbol)?.push({
        time: r.time,
        open: e8ToNumber(r.open),
        high: e8ToNumber(r.high),
        low: e8ToNumber(r.low),
        close: e8ToNumber(r.close),
        volume: 0,
      });
    }
    return out;
  }

  return {
    findCoin,
    /** Forget the enabled-coin list: the next read asks Postgres (a coin was changed). */
    invalidateCoins() {
      cached = undefined;
    },
    feed,
    usdtInr: rate,

    async market(): Promise<MarketResponse> {
      const coins = await enabledCoins();
      const [latest, usdtInr, status] = await Promise.all([
        store.latest(coins.map((c) => c.symbol)),
        rate(),
        feed(),
      ]);
      const rows = coins.map((c): MarketCoin => {
        const { tick, stats } = latest.get(c.symbol) ?? { tick: null, stats: null };
        const price = tick?.price ?? stats?.last ?? null;
        return {
          symbol: c.symbol,
          name: c.name,
          price,
          priceInr: price === null ? null : toInr(price, usdtInr.inr),
          priceChangePercent: stats?.priceChangePercent ?? null,
          volume: stats?.quoteVolume ?? null,
          icon: c.iconUrl,
          source: tick?.source ?? null,
        };
      });
      return { coins: rows, usdtInr: usdtInr.inr, feed: status };
    },

    /** Ticker rows for every enabled coin that has a price (what the `ticker` room carries). */
    async ticker(): Promise<TickerEntry[]> {
      const coins = await enabledCoins();
      const latest = await store.latest(coins.map((c) => c.symbol));
      return coins.flatMap((c): TickerEntry[] => {
        const { tick, stats } = latest.get(c.symbol) ?? { tick: null, stats: null };
        const price = tick?.price ?? stats?.last;
        if (price === undefined) return [];
        return [
          {
            symbol: c.symbol,
            price,
            priceChangePercent: stats?.priceChangePercent ?? 0,
            volume: stats?.quoteVolume ?? 0,
            source: tick?.source ?? 'binance',
          },
        ];
      });
    },

    snapshot: (symbol: string): Promise<Snapshot> => store.snapshot(symbol),
    /** The latest tick of a coin symbol from Redis, null when there is none or Redis is away. */
    latestTick: (symbol: string): Promise<Tick | null> => store.tick(symbol),

    async sparkline({ ids, tf }: SparklineQuery): Promise<Record<string, number[]>> {
      const known: string[] = [];
      for (const id of ids) {
        const coin = await findCoin(id);
        if (coin && !known.includes(coin.symbol)) known.push(coin.symbol);
      }
      const { interval, points } = SPARKLINE_CANDLES[tf];
      const candles = await candlesFor(known, interval, points);
      return Object.fromEntries(known.map((s) => [s, (candles.get(s) ?? []).map((c) => c.close)]));
    },

    async candles({ symbol, interval, limit }: CandlesQuery): Promise<CandlesResponse> {
      const coin = await coinOr404(symbol);
      const candles = await candlesFor([coin.symbol], interval, limit);
      return { symbol: coin.symbol, interval, candles: candles.get(coin.symbol) ?? [] };
    },

    async stats(pair: string): Promise<Stats24h> {
      const coin = await coinOr404(pair);
      const stats = await store.stats(coin.symbol);
      if (!stats) throw noDataYet(coin.marketSymbol);
      return stats;
    },

    async orderBook(pair: string): Promise<OrderBook> {
      const coin = await coinOr404(pair);
      const book = await store.book(coin.symbol);
      if (!book) throw noDataYet(coin.marketSymbol);
      return {
        ...book,
        asks: book.asks.slice(0, ORDER_BOOK_LEVELS),
        bids: book.bids.slice(0, ORDER_BOOK_LEVELS),
      };
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
