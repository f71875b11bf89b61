import { randomBytes } from 'node:crypto';
import { createDb } from '@app/db';
import {
  type Candle,
  type FeedStatus,
  marketKeys,
  type OrderBook,
  type Stats24h,
  type Tick,
} from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMarketService, type MarketService } from './index.ts';
import { type FakeBinance, startFakeBinance } from './testing/fake-binance.ts';
import {
  captureLogger,
  deleteKeys,
  type LogLine,
  readJson,
  testConfig,
  testSymbol,
  waitFor,
} from './testing/harness.ts';

const redis = new Redis(inject('redisUrl'));
const db = createDb(inject('databaseUrl'), { max: 2 });
const prefix = `${inject('redisPrefix')}market-ingest-${randomBytes(3).toString('hex')}:`;
const key = (k: string) => prefix + k;

const sym = testSymbol('IN');
const market = `${sym}USDT`;
let fake: FakeBinance;
let service: MarketService;
let lines: LogLine[];
const logs = () => lines.map((l) => JSON.stringify(l)).join('\n');

const feed = () => readJson<FeedStatus>(redis, key(marketKeys.feed()));
const latest = () => readJson<Tick>(redis, key(marketKeys.price(sym)));

beforeAll(async () => {
  fake = await startFakeBinance({ symbols: [market], prices: { [market]: 64_000 } });
  const captured = captureLogger();
  lines = captured.lines;
  const config = testConfig({
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: prefix,
    DATABASE_URL: inject('databaseUrl'),
    BINANCE_WS_URL: fake.wsUrl,
    BINANCE_REST_URL: fake.restUrl,
    MARKET_SYMBOLS: sym,
  });
  service = createMarketService({ config, logger: captured.logger, db: db.db, workerId: 'ingest-test:1' });
  service.start();
  await waitFor('the stream to be live', async () => (await feed())?.state === 'live', 10_000, logs);
});

afterAll(async () => {
  await service?.stop();
  await fake?.close();
  await deleteKeys(redis, prefix);
  await redis.quit();
  await db.close();
});

describe('market ingestion from the Binance stream', () => {
  it('stores a trade as the latest tick, in the recent ticks and in the Postgres archive', async () => {
    const trade = fake.pushTrade(market, { price: '64123.45000000', time: Date.now() - 3 });
    const tick = await waitFor('the tick in Redis', async () => {
      const t = await latest();
      return t?.aggTradeId === trade.a ? t : undefined;
    });
    expect(tick).toMatchObject({
      symbol: sym,
      price: 64123.45,
      priceE8: '6412345000000',
      aggTradeId: trade.a,
      exchangeTs: trade.T,
      source: 'binance',
    });
    expect(tick.receivedAt).toBeGreaterThanOrEqual(trade.T);
    const [recent] = await redis.lrange(key(marketKeys.ticks(sym)), 0, 0);
    expect(JSON.parse(recent ?? 'null')).toEqual(tick);

    const row = await waitFor('the archived tick', async () => {
      const [r] = await db.sql<
        Array<{ price_e8: string; agg_trade_id: string; exchange_ms: string; source: string }>
      >`
        select price_e8::text, agg_trade_id::text, source,
          (extract(epoch from exchange_ts) * 1000)::bigint::text as exchange_ms
        from market_ticks where symbol = ${sym} and agg_trade_id = ${trade.a}`;
      return r;
    });
    expect(row).toEqual({
      price_e8: '6412345000000',
      agg_trade_id: String(trade.a),
      exchange_ms: String(trade.T),
      source: 'binance',
    });
  });

  it('stores the best 15 asks (ascending) and 15 bids (descending) of a depth20 update', async () => {
    const asks = Array.from(
      { length: 20 },
      (_, i) => [(64_010 + (19 - i)).toFixed(8), '0.5'] as [string, string],
    );
    const bids = Array.from({ length: 20 }, (_, i) => [(63_990 - i).toFixed(8), '1.5'] as [string, string]);
    const sent = fake.pushDepth(market, { asks, bids, lastUpdateId: 9_000_000 });
    const book = await waitFor('the book in Redis', async () => {
      const b = await readJson<OrderBook>(redis, key(marketKeys.book(sym)));
      return b?.lastUpdateId === sent.lastUpdateId ? b : undefined;
    });
    expect(book.asks).toHaveLength(15);
    expect(book.bids).toHaveLength(15);
    expect(book.asks[0]).toEqual([64_010, 0.5]);
    expect(book.asks[14]).toEqual([64_024, 0.5]);
    expect(book.bids[0]).toEqual([63_990, 1.5]);
    expect(book.bids[14]).toEqual([63_976, 1.5]);
  });

  it('stores 24 h statistics from the ticker stream', async () => {
    const sent = fake.pushTicker(market, { o: '63000.00000000', P: '1.587', q: '123456789.50000000' });
    const stats = await waitFor('the stats in Redis', async () => {
      const s = await readJson<Stats24h>(redis, key(marketKeys.stats(sym)));
      return s?.ts === sent.E ? s : undefined;
    });
    expect(stats).toMatchObject({
      symbol: sym,
      open: 63_000,
      priceChangePercent: 1.587,
      quoteVolume: 123456789.5,
    });
  });

  it('loads candles of every interval from klines and moves the current one with trades', async () => {
    const candles = await waitFor('1m candles', async () => {
      const c = await readJson<Candle[]>(redis, key(marketKeys.candles(sym, '1m')));
      return c && c.length === 500 ? c : undefined;
    });
    expect(candles.map((c) => c.time)).toEqual([...candles.map((c) => c.time)].sort((a, b) => a - b));
    for (const interval of ['5m', '15m', '30m', '1h', '4h', '1d']) {
      await waitFor(
        `${interval} candles`,
        async () => (await redis.exists(key(marketKeys.candles(sym, interval)))) === 1,
      );
    }
    fake.pushTrade(market, { price: '70000.00000000' });
    await waitFor(
      'the current 1m candle to close at the traded price',
      async () =>
        (await readJson<Candle[]>(redis, key(marketKeys.candles(sym, '1m'))))?.at(-1)?.close === 70_000,
    );
  });

  it('answers the pings of the server (pong)', async () => {
    expect(await fake.ping()).toBe(1);
  });

  it('skips malformed frames, counts them and keeps going', async () => {
    const before = service.current?.metrics?.malformed ?? 0;
    fake.sendRaw('{not json');
    fake.sendRaw(
      JSON.stringify({ stream: `${market.toLowerCase()}@aggTrade`, data: { e: 'aggTrade', p: 'abc' } }),
    );
    fake.sendRaw(Buffer.from([1, 2, 3]));
    const trade = fake.pushTrade(market, { price: '64500.00000000' });
    await waitFor('the trade after the bad frames', async () => (await latest())?.aggTradeId === trade.a);
    expect(service.current?.metrics?.malformed).toBe(before + 3);
    expect(lines.some((l) => l.msg === 'malformed Binance frame skipped')).toBe(true);
  });

  it('reconnects after the connection drops and goes on publishing', async () => {
    const accepted = fake.accepted();
    fake.dropConnections();
    await waitFor(
      'a new connection',
      () => fake.accepted() > accepted && fake.connections().length === 1,
      10_000,
      logs,
    );
    await waitFor('live again', async () => (await feed())?.state === 'live');
    const trade = fake.pushTrade(market, { price: '64600.00000000' });
    await waitFor('a trade on the new connection', async () => (await latest())?.aggTradeId === trade.a);
    expect(fake.connections()[0]).toEqual([
      `${market.toLowerCase()}@aggTrade`,
      `${market.toLowerCase()}@depth20@100ms`,
      `${market.toLowerCase()}@ticker`,
    ]);
  });

  it('polls REST while the stream is down and returns to the stream once it is back', async () => {
    const restBefore = fake.requests.length;
    fake.setDown(true);
    const status = await waitFor('the REST fallback', async () => {
      const f = await feed();
      return f?.state === 'rest' ? f : undefined;
    });
    expect(status).toMatchObject({ source: 'binance-rest', simulated: false });
    fake.pushTrade(market, { price: '65000.00000000' }); // moves the fake's price; REST reports it
    const restTick = await waitFor('a REST tick', async () => {
      const t = await latest();
      return t?.source === 'binance-rest' && t.price === 65_000 ? t : undefined;
    });
    expect(restTick.aggTradeId).toBeNull();
    const polled = fake.requests.slice(restBefore);
    expect(polled.some((r) => r.path === '/api/v3/ticker/24hr' && r.status === 200)).toBe(true);
    expect(polled.some((r) => r.path === '/api/v3/depth' && r.query.limit === '20')).toBe(true);
    // Binance's count (the header) is what our budget knows about.
    expect(service.current?.rest.budget.usedThisMinute()).toBeGreaterThanOrEqual(fake.usedWeight() - 10);

    const sinceBack = lines.length;
    fake.setDown(false);
    await waitFor('the stream to be live again', async () => (await feed())?.state === 'live', 10_000, logs);
    const trade = fake.pushTrade(market, { price: '65100.00000000' });
    await waitFor('a stream tick', async () => {
      const t = await latest();
      return t?.aggTradeId === trade.a && t.source === 'binance';
    });
    // Polling has stopped: the poller says so, and up to a later stream tick there are no new
    // ticker requests after the stream came back (one may be in flight).
    const tickerCalls = () => fake.requests.filter((r) => r.path === '/api/v3/ticker/24hr').length;
    const settled = tickerCalls();
    await waitFor('the poller to stop', () =>
      lines.slice(sinceBack).some((l) => l.msg === 'stopped polling Binance REST'),
    );
    const later = fake.pushTrade(market, { price: '65200.00000000' });
    await waitFor('a later stream tick', async () => (await latest())?.aggTradeId === later.a);
    expect(
      lines.slice(sinceBack).some((l) => l.msg === 'polling Binance REST while the stream is down'),
    ).toBe(false);
    expect(tickerCalls() - settled).toBeLessThanOrEqual(1);
  });
});

describe('stream renewal before the 24 h cut-off', () => {
  it('opens a new connection, then closes the old one, with no gap in between', async () => {
    const s = testSymbol('RN');
    const m = `${s}USDT`;
    const renewFake = await startFakeBinance({ symbols: [m], generate: { tradeEveryMs: 20 } });
    const renewPrefix = `${prefix}renew:`;
    const captured = captureLogger();
    const renewing = createMarketService({
      config: testConfig({
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: renewPrefix,
        DATABASE_URL: inject('databaseUrl'),
        BINANCE_WS_URL: renewFake.wsUrl,
        BINANCE_REST_URL: renewFake.restUrl,
        MARKET_SYMBOLS: s,
        MARKET_STREAM_RENEW_MS: '1000',
      }),
      logger: captured.logger,
      db: db.db,
      workerId: 'renew-test:1',
    });
    try {
      renewing.start();
      // The start-up probe, the first connection, then two renewals.
      await waitFor(
        'two renewals',
        () => renewFake.accepted() >= 4,
        15_000,
        () => captured.lines.map((l) => JSON.stringify(l)).join('\n'),
      );
      await waitFor('one connection left open', () => renewFake.connections().length === 1);
      const messages = captured.lines.map((l) => l.msg);
      expect(
        messages.filter((m) => m === 'renewing the Binance stream connection').length,
      ).toBeGreaterThanOrEqual(2);
      expect(messages).not.toContain('Binance stream down');
      const status = await readJson<FeedStatus>(redis, `${renewPrefix}${marketKeys.feed()}`);
      expect(status?.state).toBe('live');
      // Trades flowed through the overlap: the recent ticks have strictly increasing ids.
      const recent = (await redis.lrange(`${renewPrefix}${marketKeys.ticks(s)}`, 0, -1)).map(
        (t) => (JSON.parse(t) as Tick).aggTradeId ?? 0,
      );
      expect(recent.length).toBeGreaterThan(10);
      expect([...recent].sort((a, b) => b - a)).toEqual(recent);
      expect(new Set(recent).size).toBe(recent.length);
    } finally {
      await renewing.stop();
      await renewFake.close();
    }
  });
});
