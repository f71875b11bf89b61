import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createDb } from '@app/db';
import {
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type FeedStatus,
  marketKeys,
  type OrderBook,
  type Stats24h,
  type Tick,
} from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createMarketService } from './index.ts';
import { startFakeBinance } from './testing/fake-binance.ts';
import { captureLogger, deleteKeys, readJson, testConfig, testSymbol, waitFor } from './testing/harness.ts';

const redis = new Redis(inject('redisUrl'));
const db = createDb(inject('databaseUrl'), { max: 2 });
const prefix = `${inject('redisPrefix')}market-sim-${randomBytes(3).toString('hex')}:`;

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  await db.close();
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('simulated feed', () => {
  it('publishes ticks, books, stats and candles of one history, which a restarted service publishes again', async () => {
    const sym = testSymbol('SM');
    const own = `${prefix}run:`;
    const { logger, lines } = captureLogger();
    const start = (workerId: string) => {
      const service = createMarketService({
        config: testConfig({
          REDIS_URL: inject('redisUrl'),
          REDIS_PREFIX: own,
          DATABASE_URL: inject('databaseUrl'),
          MARKET_SOURCE: 'simulated',
          MARKET_SYMBOLS: sym,
          SIMULATED_SEED: 'test-seed',
        }),
        logger,
        db: db.db,
        workerId,
      });
      service.start();
      return service;
    };
    const candlesOf = (interval: CandleInterval) =>
      readJson<Candle[]>(redis, own + marketKeys.candles(sym, interval));
    const ohlc = (candles: Candle[]) => candles.map(({ volume: _, ...c }) => c);

    let service = start('sim-test:1');
    const before: Record<string, Candle[]> = {};
    try {
      const tick = await waitFor('a simulated tick', () =>
        readJson<Tick>(redis, own + marketKeys.price(sym)),
      );
      expect(tick).toMatchObject({ symbol: sym, source: 'simulated', aggTradeId: null });
      expect(BigInt(tick.priceE8)).toBe(BigInt(Math.round(tick.price * 1e8)));
      expect(await readJson<FeedStatus>(redis, own + marketKeys.feed())).toMatchObject({
        source: 'simulated',
        state: 'live',
        simulated: true,
      });
      const book = await waitFor('a book', () => readJson<OrderBook>(redis, own + marketKeys.book(sym)));
      expect(book.asks).toHaveLength(15);
      expect(book.bids).toHaveLength(15);
      expect(book.bids[0]![0]).toBeLessThan(book.asks[0]![0]);
      // Whole, distinct levels: asks strictly ascending, bids strictly descending.
      expect(book.asks.every(([p], i) => i === 0 || p > book.asks[i - 1]![0])).toBe(true);
      expect(book.bids.every(([p], i) => i === 0 || p < book.bids[i - 1]![0])).toBe(true);
      for (const interval of CANDLE_INTERVALS) {
        const candles = await waitFor(`${interval} candles`, () => candlesOf(interval));
        expect(candles.length).toBeGreaterThanOrEqual(500);
      }
      // The completed hours equal their minutes (1 m and 1 h are written at their own pace,
      // so the hour in progress is left out).
      const minutes = (await candlesOf('1m'))!;
      const hours = (await candlesOf('1h'))!.slice(0, -1);
      const covered = hours.filter((h) => minutes[0]!.time <= h.time);
      expect(covered.length).toBeGreaterThanOrEqual(7);
      for (const hour of covered) {
        const inside = minutes.filter((m) => m.time >= hour.time && m.time < hour.time + 3600);
        expect(inside).toHaveLength(60);
        expect({
          open: inside[0]!.open,
          high: Math.max(...inside.map((m) => m.high)),
          low: Math.min(...inside.map((m) => m.low)),
          close: inside.at(-1)!.close,
        }).toEqual({ open: hour.open, high: hour.high, low: hour.low, close: hour.close });
      }
      // The 24 h high and low are those of the 24 hourly candles ending with the current one.
      await waitFor('stats agreeing with the hourly candles', async () => {
        const [stats, day] = await Promise.all([
          readJson<Stats24h>(redis, own + marketKeys.stats(sym)),
          candlesOf('1h'),
        ]);
        const last24 = day?.slice(-24) ?? [];
        return (
          stats &&
          last24.length === 24 &&
          stats.high === Math.max(...last24.map((c) => c.high)) &&
          stats.low === Math.min(...last24.map((c) => c.low)) &&
          stats.open === last24[0]!.open
        );
      });
      await waitFor('archived simulated ticks', async () => {
        const [row] = await db.sql<Array<{ n: number }>>`
          select count(*)::int as n from market_ticks where symbol = ${sym} and source = 'simulated'`;
        return (row?.n ?? 0) > 0;
      });
      expect(
        lines.some((l) => l.msg === 'MARKET_SOURCE=simulated: using the simulated feed; prices are not real'),
      ).toBe(true);
    } finally {
      await service.stop();
      for (const interval of CANDLE_INTERVALS) before[interval] = (await candlesOf(interval)) ?? [];
    }

    // A restart (a new process: nothing in memory) publishes the same past.
    await redis.del(...CANDLE_INTERVALS.map((i) => own + marketKeys.candles(sym, i)));
    service = start('sim-test:2');
    try {
      for (const interval of CANDLE_INTERVALS) {
        const again = await waitFor(`${interval} candles after the restart`, () => candlesOf(interval));
        // The periods both runs hold: the window of history moves on if a period ends between them.
        const againTimes = new Set(again.map((c) => c.time));
        const completed = ohlc(before[interval]!.slice(0, -1)).filter((c) => againTimes.has(c.time));
        const times = new Set(completed.map((c) => c.time));
        expect(completed.length, interval).toBeGreaterThanOrEqual(400);
        expect(ohlc(again.filter((c) => times.has(c.time))), interval).toEqual(completed);
      }
    } finally {
      await service.stop();
    }
  });

  it('is used, with a warning, when Binance cannot be reached at start; and left once Binance answers', async () => {
    const port = await closedPort();
    const sym = testSymbol('FB');
    const own = `${prefix}fallback:`;
    const { logger, lines } = captureLogger();
    const service = createMarketService({
      config: testConfig({
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: own,
        DATABASE_URL: inject('databaseUrl'),
        BINANCE_WS_URL: `ws://127.0.0.1:${port}`,
        BINANCE_REST_URL: `http://127.0.0.1:${port}`,
        MARKET_SYMBOLS: sym,
        MARKET_BINANCE_RETRY_MS: '300',
      }),
      logger,
      db: db.db,
      workerId: 'fallback-test:1',
    });
    service.start();
    let fake: Awaited<ReturnType<typeof startFakeBinance>> | undefined;
    try {
      const warning = await waitFor('the warning', () =>
        lines.find(
          (l) =>
            l.msg ===
            `Binance unreachable at ws://127.0.0.1:${port}: using the simulated feed; prices are not real`,
        ),
      );
      expect(warning.level).toBe(40); // pino's warn
      const tick = await waitFor('a simulated tick', () =>
        readJson<Tick>(redis, own + marketKeys.price(sym)),
      );
      expect(tick.source).toBe('simulated');
      expect((await readJson<FeedStatus>(redis, own + marketKeys.feed()))?.simulated).toBe(true);

      // Binance comes back (on the configured address): the ingester moves to it.
      fake = await startFakeBinance({ symbols: [`${sym}USDT`], port, generate: { tradeEveryMs: 50 } });
      await waitFor(
        'Binance ticks',
        async () => (await readJson<Tick>(redis, own + marketKeys.price(sym)))?.source === 'binance',
      );
      expect(await readJson<FeedStatus>(redis, own + marketKeys.feed())).toMatchObject({
        source: 'binance',
        state: 'live',
        simulated: false,
      });
    } finally {
      await service.stop();
      await fake?.close();
    }
  });
});
