import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createDb } from '@app/db';
import {
  CANDLE_INTERVALS,
  type Candle,
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
  it('publishes ticks, books, stats and backfilled candles with source simulated, from the last price', async () => {
    const sym = testSymbol('SM');
    const own = `${prefix}run:`;
    const { logger, lines } = captureLogger();
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
      workerId: 'sim-test:1',
    });
    // A price published before (an earlier run or leader): the walk continues from it.
    await redis.set(
      own + marketKeys.price(sym),
      JSON.stringify({
        symbol: sym,
        price: 1234.5,
        priceE8: '123450000000',
        aggTradeId: null,
        exchangeTs: Date.now() - 60_000,
        receivedAt: Date.now() - 60_000,
        source: 'simulated',
      } satisfies Tick),
    );
    service.start();
    try {
      const tick = await waitFor('a simulated tick', async () => {
        const t = await readJson<Tick>(redis, own + marketKeys.price(sym));
        return t && t.exchangeTs > Date.now() - 30_000 ? t : undefined;
      });
      expect(tick).toMatchObject({ symbol: sym, source: 'simulated', aggTradeId: null });
      expect(Math.abs(tick.price / 1234.5 - 1)).toBeLessThan(0.01);
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
      await waitFor('stats', () => readJson<Stats24h>(redis, own + marketKeys.stats(sym)));
      for (const interval of CANDLE_INTERVALS) {
        const candles = await waitFor(`${interval} candles`, () =>
          readJson<Candle[]>(redis, own + marketKeys.candles(sym, interval)),
        );
        expect(candles.length).toBeGreaterThanOrEqual(500);
      }
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
