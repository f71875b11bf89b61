import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@app/db';
import {
  type ClientToServerEvents,
  type FeedStatus,
  marketKeys,
  rooms,
  type ServerToClientEvents,
  type Tick,
  type TickEvent,
  type TickerEntry,
} from '@app/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMarketService, type MarketService } from './index.ts';
import { type FakeBinance, startFakeBinance } from './testing/fake-binance.ts';
import { captureLogger, deleteKeys, readJson, testConfig, testSymbol, waitFor } from './testing/harness.ts';

/**
 * The emitter only writes to Redis; a real Socket.IO server with the Redis adapter (as the
 * gateway runs it) relays to a real client, so these tests see what a browser would.
 */
const redis = new Redis(inject('redisUrl'));
const pub = new Redis(inject('redisUrl'));
const sub = new Redis(inject('redisUrl'));
const db = createDb(inject('databaseUrl'), { max: 2 });
const prefix = `${inject('redisPrefix')}market-emit-${randomBytes(3).toString('hex')}:`;

const sym = testSymbol('EM');
const other = testSymbol('EO');
const market = `${sym}USDT`;
let fake: FakeBinance;
let service: MarketService;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let client: Socket<ServerToClientEvents, ClientToServerEvents>;
const ticks: TickEvent[] = [];
const otherTicks: TickEvent[] = [];
const tickers: Array<{ coins: TickerEntry[]; ts: number; at: number }> = [];
const statuses: FeedStatus[] = [];

beforeAll(async () => {
  fake = await startFakeBinance({ symbols: [market, `${other}USDT`], prices: { [market]: 100 } });
  const http = createServer();
  io = new Server(http, { adapter: createAdapter(pub, sub, { key: `${prefix}socket.io` }) });
  io.on('connection', (socket) => {
    void socket.join([rooms.market(sym), rooms.ticker()]);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // The adapter subscribes when its Redis connection is up; an event published before that is
  // lost (as for any subscriber), so the feed starts only once Redis counts this server.
  await waitFor('the adapter subscribed', async () => (await io.of('/').adapter.serverCount()) > 0);
  const { port } = http.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  client.on('market:tick', (t) => (t.symbol === sym ? ticks : otherTicks).push(t));
  client.on('ticker', (p) => tickers.push({ ...p, at: Date.now() }));
  client.on('feed:status', (s) => statuses.push(s));
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));

  const { logger } = captureLogger('info');
  service = createMarketService({
    config: testConfig({
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: prefix,
      DATABASE_URL: inject('databaseUrl'),
      BINANCE_WS_URL: fake.wsUrl,
      BINANCE_REST_URL: fake.restUrl,
      MARKET_SYMBOLS: `${sym},${other}`,
    }),
    logger,
    db: db.db,
    workerId: 'emit-test:1',
  });
  service.start();
  await waitFor('the live feed status event', () => statuses.find((s) => s.state === 'live'));
});

afterAll(async () => {
  client?.close();
  await service?.stop();
  await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
  await fake?.close();
  await deleteKeys(redis, prefix);
  await Promise.all([redis.quit(), pub.quit(), sub.quit()]);
  await db.close();
});

const latestStored = async () => (await readJson<Tick>(redis, prefix + marketKeys.price(sym)))?.price;

describe('market push through the Socket.IO Redis emitter', () => {
  it('throttles a burst of 100 trades in 100 ms to about 10 tick events, the last one the latest price', async () => {
    ticks.length = 0;
    let last = 0;
    const started = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      for (let i = 0; i < 10; i++) {
        last = 100 + batch + i / 100;
        fake.pushTrade(market, { price: last.toFixed(8) });
      }
      // The next batch once the service has this one, so the burst spans throttle windows.
      const batchLast = last;
      await waitFor('the batch ingested', async () => (await latestStored()) === batchLast);
    }
    await waitFor('the trailing tick with the latest price', () => ticks.at(-1)?.price === last);
    // At most one tick per 100 ms window the burst spanned (more than 100 ms on a busy machine).
    const windows = Math.ceil((Date.now() - started) / 100) + 1;
    // Redis holds the very latest tick; the recent list holds what the clients saw.
    expect(await latestStored()).toBe(last);
    const [head] = await redis.lrange(prefix + marketKeys.ticks(sym), 0, 0);
    const { seq, ...shown } = ticks.at(-1) ?? { seq: 0 };
    expect(JSON.parse(head ?? 'null')).toEqual(shown);
    // One more than the tick before it: none of the ticks sent was lost on the way.
    expect(ticks.at(-2)?.seq).toBe(seq - 1);

    // Nothing more may follow: the next tick event is the one of a later trade.
    const burst = ticks.length;
    const later = fake.pushTrade(market, { price: '99.00000000' });
    await waitFor('the tick of a later trade', () => ticks.some((t) => t.aggTradeId === later.a));
    expect(ticks.length).toBe(burst + 1);
    const seen = ticks.slice(0, burst);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThanOrEqual(Math.max(10, windows));
    expect(seen.at(-1)?.price).toBe(last);
    expect(seen.at(-1)?.source).toBe('binance');
  });

  it('sends ticks only to the room of their symbol', async () => {
    otherTicks.length = 0;
    fake.pushTrade(`${other}USDT`, { price: '5.00000000' });
    const trade = fake.pushTrade(market, { price: '123.00000000' });
    await waitFor('the tick of the joined room', () => ticks.find((t) => t.aggTradeId === trade.a));
    expect(otherTicks).toEqual([]);
  });

  it('sends the ticker at most once a second with every coin that has a price', async () => {
    fake.pushTrade(`${other}USDT`, { price: '5.10000000' });
    tickers.length = 0;
    // Prices keep changing, each trade once the tick of the one before arrived, until three
    // tickers went out.
    while (tickers.length < 3) {
      const trade = fake.pushTrade(market);
      await waitFor('the tick of the trade', () => ticks.some((t) => t.aggTradeId === trade.a));
    }
    expect(tickers.length).toBeGreaterThanOrEqual(2);
    expect(tickers.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < tickers.length; i++) {
      expect(tickers[i]!.ts - tickers[i - 1]!.ts).toBeGreaterThanOrEqual(900);
    }
    const entry = tickers.at(-1)?.coins.find((c) => c.symbol === sym);
    expect(entry).toMatchObject({ symbol: sym, source: 'binance' });
    expect(tickers.at(-1)?.coins.map((c) => c.symbol)).toEqual([sym, other]);
  });

  it('tells everyone when the feed state changes', async () => {
    statuses.length = 0;
    fake.setDown(true);
    await waitFor('reconnecting', () => statuses.find((s) => s.state === 'reconnecting'));
    await waitFor('rest', () => statuses.find((s) => s.state === 'rest' && s.source === 'binance-rest'));
    fake.setDown(false);
    await waitFor('live', () => statuses.find((s) => s.state === 'live' && s.source === 'binance'), 10_000);
    expect(statuses.map((s) => s.state)).toEqual(['reconnecting', 'rest', 'live']);
  });
});
