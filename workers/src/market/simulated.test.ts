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
import { CandleStore } from './candles.ts';
import { createMarketService } from './index.ts';
import { backfillCandles, RandomWalk, SimulatedFeed, simParams, simulatedBook } from './simulated.ts';
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

const prices = (seed: string, symbol: string, n: number) => {
  const walk = new RandomWalk(seed, symbol, simParams(symbol), 250);
  return Array.from({ length: n }, () => walk.step().priceE8);
};

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The first `n` tick prices per coin of a SimulatedFeed run. */
async function feedPrices(seed: string, symbols: string[], n: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = Object.fromEntries(symbols.map((s) => [s, []]));
  const candles = new CandleStore(1_000);
  const feed = new SimulatedFeed({
    seed,
    tickMs: 20,
    candles,
    sink: {
      trade: ({ tick }) => {
        expect(tick.source).toBe('simulated');
        out[tick.symbol]?.push(tick.priceE8);
      },
      book: () => {},
      stats: () => {},
      candles: (symbol, interval, c) => candles.merge(symbol, interval, c),
      status: () => {},
    },
  });
  feed.start(symbols.map((symbol) => ({ symbol, name: symbol, marketSymbol: `${symbol}USDT` })));
  await waitFor('enough ticks', () => Object.values(out).every((p) => p.length >= n));
  await feed.stop();
  return Object.fromEntries(Object.entries(out).map(([s, p]) => [s, p.slice(0, n)]));
}

describe('simulated feed', () => {
  it('gives the same prices for the same seed and other prices for another seed', () => {
    expect(prices('seed-a', 'BTC', 200)).toEqual(prices('seed-a', 'BTC', 200));
    expect(prices('seed-a', 'BTC', 200)).not.toEqual(prices('seed-b', 'BTC', 200));
    expect(backfillCandles('seed-a', 'ETH', simParams('ETH'), '1h', 3000, 0)).toEqual(
      backfillCandles('seed-a', 'ETH', simParams('ETH'), '1h', 3000, 0),
    );
  });

  it('publishes the same tick prices on every run with the same seed', async () => {
    const first = await feedPrices('run-seed', ['BTC', 'SHIB', 'SOL'], 15);
    expect(await feedPrices('run-seed', ['BTC', 'SHIB', 'SOL'], 15)).toEqual(first);
    expect(await feedPrices('other-seed', ['BTC', 'SHIB', 'SOL'], 15)).not.toEqual(first);
    expect(Number(first.BTC?.[0]) / 1e8).toBeGreaterThan(30_000);
  });

  it('builds books of distinct levels on the price step, even for tiny prices', () => {
    for (const symbol of ['SHIB', 'BTC', 'XRP']) {
      const walk = new RandomWalk('book', symbol, simParams(symbol), 250);
      walk.step();
      const book = simulatedBook(walk, 1, 0);
      const prices = [...book.bids.map(([p]) => p).reverse(), ...book.asks.map(([p]) => p)];
      expect(new Set(prices).size, symbol).toBe(30);
      expect(
        [...prices].sort((a, b) => a - b),
        symbol,
      ).toEqual(prices);
      const step = simParams(symbol).tick;
      expect(prices.every((p) => Math.abs(p / step - Math.round(p / step)) < 1e-6)).toBe(true);
    }
  });

  it('moves like its coin: near the start price, with a realistic spread of returns', () => {
    const walk = new RandomWalk('vol', 'BTC', simParams('BTC'), 250);
    const path = Array.from({ length: 14_400 }, () => Number(walk.step().priceE8) / 1e8); // one hour
    const returns = path.slice(1).map((p, i) => Math.log(p / path[i]!));
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const annualised = sd * Math.sqrt((365 * 24 * 3600 * 1000) / 250);
    expect(annualised).toBeGreaterThan(0.4);
    expect(annualised).toBeLessThan(0.7);
    expect(Math.abs(path.at(-1)! / simParams('BTC').price - 1)).toBeLessThan(0.05);
    // Prices sit on the coin's price step (0.01 for BTC).
    expect(path.every((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6)).toBe(true);
  });

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
