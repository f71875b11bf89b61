import { archiveTicks, coins, type Db } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import {
  type Candle,
  type FeedStatus,
  marketKeys,
  type OrderBook,
  type Stats24h,
  type Tick,
  type UsdtInrRate,
} from '@app/shared';
import { Redis } from 'ioredis';
import { inject, vi } from 'vitest';
import { suffix } from './helpers.ts';

/**
 * Market test data written the way the ingestion worker writes it: JSON of the shared types
 * under `marketKeys`, behind the deployment's REDIS_PREFIX.
 */

/** A database of the file's own, so the coin list is exactly what the test inserted. */
export const createMarketDatabase = () => createTestDatabase(inject('adminDatabaseUrl'));

/** A Redis prefix of the file's own (gateways of one test share it). */
export const marketPrefix = (name: string) => `${inject('redisPrefix')}${name}-${suffix()}:`;

export type CoinSeed = { symbol: string; name?: string; enabled?: boolean; sortOrder: number };

export async function insertCoins(db: Db, list: CoinSeed[]): Promise<void> {
  await db.insert(coins).values(
    list.map((c) => ({
      symbol: c.symbol,
      name: c.name ?? `${c.symbol} coin`,
      marketSymbol: `${c.symbol}USDT`,
      enabled: c.enabled ?? true,
      sortOrder: c.sortOrder,
    })),
  );
}

export const toE8 = (price: number) => BigInt(Math.round(price * 1e8));

export function makeTick(symbol: string, price: number, overrides: Partial<Tick> = {}): Tick {
  const now = Date.now();
  return {
    symbol,
    price,
    priceE8: toE8(price).toString(),
    aggTradeId: 1000,
    exchangeTs: now - 5,
    receivedAt: now,
    source: 'binance',
    ...overrides,
  };
}

export function makeStats(symbol: string, overrides: Partial<Stats24h> = {}): Stats24h {
  return {
    symbol,
    open: 100,
    high: 110,
    low: 95,
    last: 105,
    priceChange: 5,
    priceChangePercent: 5,
    volume: 1234.5,
    quoteVolume: 130_000.25,
    ts: Date.now(),
    ...overrides,
  };
}

/** A book with `levels` asks (ascending) and bids (descending) around `mid`. */
export function makeBook(symbol: string, mid: number, levels = 20): OrderBook {
  return {
    symbol,
    asks: Array.from({ length: levels }, (_, i): [number, number] => [mid + (i + 1) * 0.5, i + 1]),
    bids: Array.from({ length: levels }, (_, i): [number, number] => [mid - (i + 1) * 0.5, i + 1]),
    lastUpdateId: 42,
    ts: Date.now(),
  };
}

/** Hourly-style candles ending at `end` (seconds), closes 1, 2, 3, ... */
export function makeCandles(count: number, widthSeconds: number, end: number): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: end - (count - 1 - i) * widthSeconds,
    open: i + 0.5,
    high: i + 2,
    low: i,
    close: i + 1,
    volume: 10,
  }));
}

/** A Redis client as the worker has it: the deployment's prefix in front of every key. */
export function workerRedis(prefix: string): Redis {
  return new Redis(inject('redisUrl'), { keyPrefix: prefix });
}

export async function writeMarket(
  redis: Redis,
  symbol: string,
  data: { tick?: Tick; stats?: Stats24h; book?: OrderBook },
): Promise<void> {
  if (data.tick) await redis.set(marketKeys.price(symbol), JSON.stringify(data.tick));
  if (data.stats) await redis.set(marketKeys.stats(symbol), JSON.stringify(data.stats));
  if (data.book) await redis.set(marketKeys.book(symbol), JSON.stringify(data.book));
}

export const writeFeed = (redis: Redis, status: FeedStatus) =>
  redis.set(marketKeys.feed(), JSON.stringify(status));
export const writeUsdtInr = (redis: Redis, rate: UsdtInrRate) =>
  redis.set(marketKeys.usdtInr(), JSON.stringify(rate));
export const writeCandles = (redis: Redis, symbol: string, interval: string, candles: Candle[]) =>
  redis.set(marketKeys.candles(symbol, interval), JSON.stringify(candles));

/** Archive one tick per entry: `at` in ms, price in USDT. */
export async function archive(db: Db, symbol: string, entries: Array<{ at: number; price: number }>) {
  await archiveTicks(
    db,
    entries.map((e, i) => ({
      symbol,
      priceE8: toE8(e.price),
      aggTradeId: i + 1,
      exchangeTs: new Date(e.at),
      receivedAt: new Date(e.at + 3),
      source: 'binance',
    })),
  );
}

/**
 * The start (seconds) of the current `width`-second bucket, after waiting out the last few
 * seconds of a bucket, so a test's "now" and the gateway's land in the same one.
 */
export async function currentBucket(width: number, margin = 5): Promise<number> {
  const left = () => width - ((Date.now() / 1000) % width);
  await vi.waitFor(
    () => {
      if (left() < margin) throw new Error(`the ${width} s bucket ends in ${left().toFixed(1)} s`);
    },
    { timeout: (margin + 1) * 1000, interval: 100 },
  );
  return Math.floor(Date.now() / 1000 / width) * width;
}
