import {
  type Candle,
  type CandleInterval,
  candleSchema,
  type FeedStatus,
  feedStatusSchema,
  marketKeys,
  type OrderBook,
  orderBookSchema,
  type Stats24h,
  stats24hSchema,
  type Tick,
  tickSchema,
  type UsdtInrRate,
  usdtInrRateSchema,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';

const candlesSchema = z.array(candleSchema);

export type Snapshot = { tick: Tick | null; book: OrderBook | null; stats: Stats24h | null };
export type Latest = { tick: Tick | null; stats: Stats24h | null };

/**
 * Reads what the ingestion worker keeps in Redis (keys from `marketKeys`, JSON values of the
 * shared types). A missing, unreadable or malformed value reads as null: a market answer
 * without data is better than an error, and Redis being away must not break the pages.
 */
export function createMarketStore(redis: Redis, log: FastifyBaseLogger) {
  async function mget(keys: string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    try {
      return await redis.mget(...keys);
    } catch (err) {
      log.warn({ err }, 'market data: Redis read failed');
      return keys.map(() => null);
    }
  }

  function parse<S extends z.ZodType>(
    schema: S,
    key: string,
    text: string | null | undefined,
  ): z.output<S> | null {
    if (text == null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      log.warn({ key }, 'market data: value is not JSON');
      return null;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      log.warn({ key, issue: result.error.issues[0] }, 'market data: value does not match the contract');
      return null;
    }
    return result.data;
  }

  async function one<S extends z.ZodType>(schema: S, key: string): Promise<z.output<S> | null> {
    const [text] = await mget([key]);
    return parse(schema, key, text);
  }

  return {
    /** Latest tick and 24 h stats of each symbol, in one round trip. */
    async latest(symbols: string[]): Promise<Map<string, Latest>> {
      const keys = symbols.flatMap((s) => [marketKeys.price(s), marketKeys.stats(s)]);
      const values = await mget(keys);
      const out = new Map<string, Latest>();
      symbols.forEach((s, i) => {
        out.set(s, {
          tick: parse(tickSchema, keys[2 * i] ?? '', values[2 * i]),
          stats: parse(stats24hSchema, keys[2 * i + 1] ?? '', values[2 * i + 1]),
        });
      });
      return out;
    },

    async snapshot(symbol: string): Promise<Snapshot> {
      const keys = [marketKeys.price(symbol), marketKeys.book(symbol), marketKeys.stats(symbol)];
      const [tick, book, stats] = await mget(keys);
      return {
        tick: parse(tickSchema, keys[0] ?? '', tick),
        book: parse(orderBookSchema, keys[1] ?? '', book),
        stats: parse(stats24hSchema, keys[2] ?? '', stats),
      };
    },

    /** The latest tick of one symbol (what a trade opens at). */
    tick: (symbol: string): Promise<Tick | null> => one(tickSchema, marketKeys.price(symbol)),
    book: (symbol: string): Promise<OrderBook | null> => one(orderBookSchema, marketKeys.book(symbol)),
    stats: (symbol: string): Promise<Stats24h | null> => one(stats24hSchema, marketKeys.stats(symbol)),
    usdtInr: (): Promise<UsdtInrRate | null> => one(usdtInrRateSchema, marketKeys.usdtInr()),
    feed: (): Promise<FeedStatus | null> => one(feedStatusSchema, marketKeys.feed()),

    /** The worker's candles per symbol (ascending); null where Redis has none. */
    async candles(symbols: string[], interval: CandleInterval): Promise<Map<string, Candle[] | null>> {
      const keys = symbols.map((s) => marketKeys.candles(s, interval));
      const values = await mget(keys);
      const out = new Map<string, Candle[] | null>();
      symbols.forEach((s, i) => {
        const candles = parse(candlesSchema, keys[i] ?? '', values[i]);
        out.set(s, candles && candles.length > 0 ? candles : null);
      });
      return out;
    },
  };
}

export type MarketStore = ReturnType<typeof createMarketStore>;

/**
 * The feed's latest tick and 24 h stats per symbol and its status, as the events published to
 * the sockets reach this gateway (market.plugin.ts): `/api/market` answers from here and reads
 * Redis only for what has not arrived yet. `forget()` when the link to Redis dropped, since
 * events may have been missed meanwhile.
 */
export function createLiveMarket() {
  const ticks = new Map<string, Tick>();
  const stats = new Map<string, Stats24h>();
  let feed: FeedStatus | undefined;
  let version = 0;
  return {
    ticks: ticks as ReadonlyMap<string, Tick>,
    stats: stats as ReadonlyMap<string, Stats24h>,
    get feed() {
      return feed;
    },
    /** Changes with every event and every `forget()`: an answer built from the same version is the same. */
    get version() {
      return version;
    },
    tick(tick: Tick) {
      ticks.set(tick.symbol, tick);
      version++;
    },
    stats24h(value: Stats24h) {
      stats.set(value.symbol, value);
      version++;
    },
    status(status: FeedStatus) {
      feed = status;
      version++;
    },
    forget() {
      ticks.clear();
      stats.clear();
      feed = undefined;
      version++;
    },
  };
}

export type LiveMarket = ReturnType<typeof createLiveMarket>;
