import { MARKET_MSG, SPARKLINE_MAX_IDS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import {
  archive,
  createMarketDatabase,
  currentBucket,
  insertCoins,
  makeCandles,
  marketPrefix,
  workerRedis,
  writeCandles,
} from '../../test/market-fixtures.ts';

let app: FastifyInstance;
let redis: Redis;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createMarketDatabase();
  dropDatabase = database.drop;
  const prefix = marketPrefix('candles');
  app = await buildTestApp({ databaseUrl: database.url, redisPrefix: prefix });
  redis = workerRedis(prefix);
  await insertCoins(app.db, [
    { symbol: 'BTC', sortOrder: 1 },
    { symbol: 'ETH', sortOrder: 2 },
    { symbol: 'SOL', sortOrder: 3 },
    { symbol: 'DOGE', sortOrder: 4, enabled: false },
  ]);
});
afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  await dropDatabase?.();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /api/candles', () => {
  it('serves the worker candles from Redis, the last `limit` of them', async () => {
    const candles = makeCandles(300, 900, 1_800_000_000);
    await writeCandles(redis, 'BTC', '15m', candles);
    const res = await get('/api/candles?symbol=btc&interval=15m&limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ symbol: 'BTC', interval: '15m' });
    expect(body.candles).toEqual(candles.slice(-50));
    // interval 15m and limit 200 by default
    const byDefault = (await get('/api/candles?symbol=BTC')).json();
    expect(byDefault.interval).toBe('15m');
    expect(byDefault.candles).toHaveLength(200);
  });

  it('aggregates OHLC per bucket from the tick archive when Redis has no candles', async () => {
    const width = 300;
    const now = await currentBucket(width);
    const a = (now - 2 * width) * 1000;
    const b = (now - width) * 1000;
    await archive(app.db, 'ETH', [
      { at: a + 5_000, price: 100.5 },
      { at: a + 20_000, price: 103.25 },
      { at: a + 40_000, price: 99.75 },
      { at: a + 299_000, price: 101 },
      { at: b + 1_000, price: 101.5 },
      { at: b + 30_000, price: 102 },
      // far outside any window asked for below
      { at: (now - 1000 * width) * 1000, price: 50 },
    ]);
    const res = await get('/api/candles?symbol=ETH&interval=5m&limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'ETH',
      interval: '5m',
      candles: [
        { time: now - 2 * width, open: 100.5, high: 103.25, low: 99.75, close: 101, volume: 0 },
        { time: now - width, open: 101.5, high: 102, low: 101.5, close: 102, volume: 0 },
      ],
    });
    // limit 2 covers the current bucket and the one before it only
    const recent = (await get('/api/candles?symbol=ETH&interval=5m&limit=2')).json();
    expect(recent.candles.map((c: { time: number }) => c.time)).toEqual([now - width]);
  });

  it('answers an empty list for a known coin without candles or ticks', async () => {
    const res = await get('/api/candles?symbol=SOL&interval=1h');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ symbol: 'SOL', interval: '1h', candles: [] });
  });

  it('refuses bad parameters with a readable 400', async () => {
    const cases: Array<[string, string]> = [
      ['/api/candles', MARKET_MSG.symbolRequired],
      ['/api/candles?symbol=', MARKET_MSG.symbolRequired],
      ['/api/candles?symbol=BTC&interval=2h', MARKET_MSG.intervalInvalid],
      ['/api/candles?symbol=BTC&limit=0', MARKET_MSG.limitInvalid],
      ['/api/candles?symbol=BTC&limit=501', MARKET_MSG.limitInvalid],
      ['/api/candles?symbol=BTC&limit=abc', MARKET_MSG.limitInvalid],
      ['/api/candles?symbol=BTC&limit=2.5', MARKET_MSG.limitInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('answers 404 for an unknown or disabled coin', async () => {
    for (const symbol of ['NOPE', 'DOGE']) {
      const res = await get(`/api/candles?symbol=${symbol}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MARKET_MSG.unknownMarket(symbol));
    }
  });
});

describe('GET /api/sparkline', () => {
  it('answers 24 hourly closes per known symbol for 1D, leaving unknown ids out', async () => {
    await writeCandles(redis, 'BTC', '1h', makeCandles(30, 3600, 1_800_000_000));
    const res = await get('/api/sparkline?ids=BTC,nope,doge&tf=1D');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['BTC']);
    expect(body.BTC).toEqual(Array.from({ length: 24 }, (_, i) => i + 7));
  });

  it('uses 1-minute closes for 1H, from the archive when Redis has none, and 1D by default', async () => {
    const now = await currentBucket(60);
    await archive(app.db, 'SOL', [
      { at: (now - 180) * 1000, price: 20 },
      { at: (now - 170) * 1000, price: 21 },
      { at: (now - 60) * 1000, price: 22.5 },
    ]);
    const res = await get('/api/sparkline?ids=sol,btc&tf=1h');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SOL: [21, 22.5], BTC: [] });
    const byDefault = (await get('/api/sparkline?ids=BTC')).json();
    expect(byDefault.BTC).toHaveLength(24);
  });

  it('refuses a missing id list, too many ids or an unknown timeframe', async () => {
    const many = Array.from({ length: SPARKLINE_MAX_IDS + 1 }, (_, i) => `C${i}`).join(',');
    const cases: Array<[string, string]> = [
      ['/api/sparkline', MARKET_MSG.idsRequired],
      ['/api/sparkline?ids=,,', MARKET_MSG.idsRequired],
      [`/api/sparkline?ids=${many}`, MARKET_MSG.tooManyIds(SPARKLINE_MAX_IDS)],
      ['/api/sparkline?ids=BTC&tf=5Y', MARKET_MSG.timeframeInvalid],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});
