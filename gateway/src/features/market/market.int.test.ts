import { DEFAULT_USDT_INR, MARKET_MSG, marketKeys, UNKNOWN_FEED_STATUS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import {
  createMarketDatabase,
  insertCoins,
  makeBook,
  makeStats,
  makeTick,
  marketPrefix,
  workerRedis,
  writeFeed,
  writeMarket,
  writeUsdtInr,
} from '../../test/market-fixtures.ts';

let app: FastifyInstance;
let redis: Redis;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createMarketDatabase();
  dropDatabase = database.drop;
  const prefix = marketPrefix('market-rest');
  app = await buildTestApp({ databaseUrl: database.url, redisPrefix: prefix });
  redis = workerRedis(prefix);
  await insertCoins(app.db, [
    { symbol: 'ETH', name: 'Ethereum', sortOrder: 2 },
    { symbol: 'BTC', name: 'Bitcoin', sortOrder: 1 },
    { symbol: 'DOGE', name: 'Dogecoin', sortOrder: 3, enabled: false },
    { symbol: 'SOL', name: 'Solana', sortOrder: 4 },
  ]);
});
afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  await dropDatabase?.();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('market answers before the worker has written anything', () => {
  it('lists the enabled coins in sort order with null prices, the default rate and feed', async () => {
    const res = await get('/api/market');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.coins.map((c: { symbol: string }) => c.symbol)).toEqual(['BTC', 'ETH', 'SOL']);
    expect(body.coins[0]).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      price: null,
      priceInr: null,
      priceChangePercent: null,
      volume: null,
      icon: null,
      source: null,
    });
    expect(body.usdtInr).toBe(DEFAULT_USDT_INR);
    expect(body.feed).toEqual(UNKNOWN_FEED_STATUS);
  });

  it('answers the default USDT-INR rate and an unknown (down) feed', async () => {
    expect((await get('/api/binance/usdt-inr')).json()).toEqual({
      inr: 83.4,
      source: 'default',
      updatedAt: null,
    });
    const feed = await get('/api/market/feed');
    expect(feed.statusCode).toBe(200);
    expect(feed.json()).toMatchObject({ source: 'binance', state: 'down' });
  });

  it('says a known market has no data yet (503), without a server error', async () => {
    const res = await get('/api/binance/stats/SOLUSDT');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MARKET_MSG.noDataYet('SOLUSDT'));
    expect((await get('/api/binance/orderbook/SOLUSDT')).statusCode).toBe(503);
  });
});

describe('market answers from the worker data in Redis', () => {
  beforeAll(async () => {
    await writeMarket(redis, 'BTC', {
      tick: makeTick('BTC', 65_000.5),
      stats: makeStats('BTC', { priceChangePercent: -1.25, quoteVolume: 987_654.3, last: 64_999 }),
      book: makeBook('BTC', 65_000),
    });
    // ETH has stats only: its price falls back to the last 24 h price.
    await writeMarket(redis, 'ETH', { stats: makeStats('ETH', { last: 3_000, priceChangePercent: 2 }) });
    await writeUsdtInr(redis, { inr: 84, source: 'config', updatedAt: 1_700_000_000_000 });
    await writeFeed(redis, { source: 'simulated', state: 'live', simulated: true, since: 1_700_000_000_000 });
  });

  it('merges price, INR price, 24 h change and quote volume into the coin list', async () => {
    const body = (await get('/api/market')).json();
    expect(body.usdtInr).toBe(84);
    expect(body.feed).toEqual({
      source: 'simulated',
      state: 'live',
      simulated: true,
      since: 1_700_000_000_000,
    });
    const [btc, eth, sol] = body.coins;
    expect(btc).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      price: 65_000.5,
      priceInr: 5_460_042,
      priceChangePercent: -1.25,
      volume: 987_654.3,
      icon: null,
      source: 'binance',
    });
    expect(eth).toMatchObject({ price: 3_000, priceInr: 252_000, priceChangePercent: 2, source: null });
    expect(sol).toMatchObject({ symbol: 'SOL', price: null });
  });

  it('treats a malformed Redis value as missing data rather than failing', async () => {
    await redis.set(marketKeys.price('SOL'), '{not json');
    await redis.set(marketKeys.stats('SOL'), JSON.stringify({ symbol: 'SOL', last: 'abc' }));
    const res = await get('/api/market');
    expect(res.statusCode).toBe(200);
    expect(res.json().coins[2]).toMatchObject({ symbol: 'SOL', price: null, priceChangePercent: null });
    await redis.del(marketKeys.price('SOL'), marketKeys.stats('SOL'));
  });

  it('answers the stored USDT-INR rate and feed status', async () => {
    expect((await get('/api/binance/usdt-inr')).json()).toEqual({
      inr: 84,
      source: 'config',
      updatedAt: 1_700_000_000_000,
    });
    expect((await get('/api/market/feed')).json()).toMatchObject({ source: 'simulated', simulated: true });
  });

  it('answers 24 h stats for a pair, in any case', async () => {
    const res = await get('/api/binance/stats/btcusdt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ symbol: 'BTC', priceChangePercent: -1.25, quoteVolume: 987_654.3 });
  });

  it('answers 15 asks and 15 bids of the order book', async () => {
    const res = await get('/api/binance/orderbook/BTCUSDT');
    expect(res.statusCode).toBe(200);
    const book = res.json();
    expect(book.asks).toHaveLength(15);
    expect(book.bids).toHaveLength(15);
    expect(book.asks[0]).toEqual([65_000.5, 1]);
    expect(book.bids[0]).toEqual([64_999.5, 1]);
    expect(book).toMatchObject({ symbol: 'BTC', lastUpdateId: 42 });
  });

  it('answers 404 with a readable message for an unknown or disabled market', async () => {
    for (const url of [
      '/api/binance/stats/FOOUSDT',
      '/api/binance/orderbook/FOOUSDT',
      '/api/binance/stats/DOGEUSDT',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^Unknown market: (FOOUSDT|DOGEUSDT)\.$/);
    }
  });
});

describe('market routes in the API docs', () => {
  it('documents every market route with its answer schema', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of [
      '/api/market',
      '/api/market/feed',
      '/api/sparkline',
      '/api/candles',
      '/api/binance/usdt-inr',
      '/api/binance/stats/{pair}',
      '/api/binance/orderbook/{pair}',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
      expect(doc.paths[path].get.responses['200'], path).toBeDefined();
    }
    const candleParams = doc.paths['/api/candles'].get.parameters.map((p: { name: string }) => p.name);
    expect(candleParams).toEqual(expect.arrayContaining(['symbol', 'interval', 'limit']));
  });
});
