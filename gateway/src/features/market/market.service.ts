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
  type UsdtInrRate,
  type UsdtInrResponse,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type CacheOptions, cachedValue } from '../../lib/cached.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SharedValue } from '../../plugins/cache-bus.ts';
import { aggregateArchiveCandles, type CoinEntry, findEnabledCoins } from './market.repository.ts';
import { createLiveMarket, createMarketStore, type Latest, type Snapshot } from './market.store.ts';

/**
 * How long the enabled-coin list is reused before Postgres is asked again. A change through
 * the admin coins routes drops it on every gateway at once (features/coins/coins.plugin.ts);
 * this bounds how long a lost change message can leave a gateway behind.
 */
export const COINS_CACHE_MS = 5_000;

/**
 * How long a value the market list reads from Redis is reused: the USDT/INR rate (display only,
 * refreshed by the workers far less often) and the feed status until this gateway receives one
 * (the feed publishes it on a change only).
 */
export const STORED_VALUE_CACHE_MS = 5_000;

export type MarketServiceDeps = {
  db: Db;
  redis: Redis;
  log: FastifyBaseLogger;
  /** Where the enabled-coin list is cached (the cache bus drops it when the Redis link drops). */
  cache?: (
    load: () => Promise<CoinEntry[]>,
    options: CacheOptions,
  ) => Pick<SharedValue<CoinEntry[]>, 'get' | 'drop'>;
  coinsCacheMs?: number;
  now?: () => number;
};

/** INR is display only: enough decimals that a tiny coin (SHIB) still shows a price. */
const toInr = (usdt: number, rate: number) => Math.round(usdt * rate * 1e8) / 1e8;

const DEFAULT_RATE: UsdtInrResponse = { inr: DEFAULT_USDT_INR, source: 'default', updatedAt: null };

const noDataYet = (pair: string) => new AppError(503, MARKET_MSG.noDataYet(pair));

/**
 * Market answers for REST and sockets, from Redis (what the ingestion worker writes) and the
 * Postgres tick archive; never from an exchange call.
 */
export function createMarketService({
  db,
  redis,
  log,
  cache,
  coinsCacheMs = COINS_CACHE_MS,
  now = Date.now,
}: MarketServiceDeps) {
  const store = createMarketStore(redis, log);
  const coinList = (cache ?? cachedValue)(() => findEnabledCoins(db), { ttlMs: coinsCacheMs, now });
  const enabledCoins = () => coinList.get();
  const storedRate = cachedValue(() => store.usdtInr(), { ttlMs: STORED_VALUE_CACHE_MS, now });
  const storedFeed = cachedValue(() => store.feed(), { ttlMs: STORED_VALUE_CACHE_MS, now });
  /** What the feed published last, as this gateway received it (market.plugin.ts). */
  const live = createLiveMarket();

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

  const withDefault = (stored: UsdtInrRate | null): UsdtInrResponse => stored ?? DEFAULT_RATE;

  async function rate(): Promise<UsdtInrResponse> {
    return withDefault(await store.usdtInr());
  }

  /** The rate for the market list, reused a moment; none stored yet is asked for again. */
  async function listRate(): Promise<UsdtInrResponse> {
    const stored = await storedRate.get();
    if (!stored) storedRate.drop();
    return withDefault(stored);
  }

  /** The feed status as the feed published it last, else as Redis has it now (health, sockets). */
  async function feed(): Promise<FeedStatus> {
    return live.feed ?? (await store.feed()) ?? UNKNOWN_FEED_STATUS;
  }

  /** The same for the market list, Redis read at most every few seconds. */
  async function listFeed(): Promise<FeedStatus> {
    if (live.feed) return live.feed;
    const stored = await storedFeed.get();
    // None stored yet: asked again next time.
    if (!stored) storedFeed.drop();
    return stored ?? UNKNOWN_FEED_STATUS;
  }

  /** Latest tick and stats per symbol: what this gateway received, else Redis for the rest. */
  async function latest(symbols: string[]): Promise<{ prices: Map<string, Latest>; live: boolean }> {
    const out = new Map<string, Latest>();
    const missing: string[] = [];
    for (const s of symbols) {
      const tick = live.ticks.get(s);
      const stats = live.stats.get(s);
      if (tick && stats) out.set(s, { tick, stats });
      else missing.push(s);
    }
    if (missing.length === 0) return { prices: out, live: true };
    const stored = await store.latest(missing);
    for (const s of missing) {
      const kept = stored.get(s);
      out.set(s, {
        tick: live.ticks.get(s) ?? kept?.tick ?? null,
        stats: live.stats.get(s) ?? kept?.stats ?? null,
      });
    }
    return { prices: out, live: false };
  }

  /** The last market list built from this gateway's memory alone, and what it was built from. */
  let built:
    | { version: number; coins: CoinEntry[]; rate: UsdtInrResponse; feed: FeedStatus; answer: MarketResponse }
    | undefined;

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
      coinList.drop();
    },
    /** The feed's events as they reach this gateway; `forget` when some may have been missed. */
    live,
    feed,
    usdtInr: rate,

    async market(): Promise<MarketResponse> {
      const coins = await enabledCoins();
      const [usdtInr, status] = await Promise.all([listRate(), listFeed()]);
      const version = live.version;
      // Nothing it depends on changed: the same answer (and the route sends the same JSON).
      if (
        built?.version === version &&
        built.coins === coins &&
        built.rate === usdtInr &&
        built.feed === status
      )
        return built.answer;
      const { prices, live: fromMemory } = await latest(coins.map((c) => c.symbol));
      const rows = coins.map((c): MarketCoin => {
        const { tick, stats } = prices.get(c.symbol) ?? { tick: null, stats: null };
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
      const answer = { coins: rows, usdtInr: usdtInr.inr, feed: status };
      built =
        fromMemory && version === live.version
          ? { version, coins, rate: usdtInr, feed: status, answer }
          : undefined;
      return answer;
    },

    /** Ticker rows for every enabled coin that has a price (what the `ticker` room carries). */
    async ticker(): Promise<TickerEntry[]> {
      const coins = await enabledCoins();
      // Once per subscription: from Redis, where the feed writes every trade.
      const prices = await store.latest(coins.map((c) => c.symbol));
      return coins.flatMap((c): TickerEntry[] => {
        const { tick, stats } = prices.get(c.symbol) ?? { tick: null, stats: null };
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
