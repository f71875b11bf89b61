import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coins } from '@app/db';
import {
  type ClientToServerEvents,
  type CoinsChangedEvent,
  coinsChangedChannel,
  type FeedStatus,
  marketKeys,
  rooms,
  type ServerToClientEvents,
  type Tick,
  type TickerEntry,
} from '@app/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createSetting,
  createUser,
  giveMoney,
  type IsolatedDb,
  isolatedDatabase,
  place,
  writeTick,
} from '../settlement/testing/fixtures.ts';
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

/**
 * The coin list as an admin changes it, end to end from the exchange to a browser: the worker
 * reads its coins from a database of its own (no MARKET_SYMBOLS), an admin's change arrives
 * as the gateway announces it (`coinsChangedChannel()`), and a real Socket.IO server with the
 * Redis adapter, as the gateway runs it, relays to a real client. The periodic re-read is set
 * to a day, so only the announcement can explain what the test sees.
 */
const redis = new Redis(inject('redisUrl'));
const pub = new Redis(inject('redisUrl'));
const sub = new Redis(inject('redisUrl'));
const prefix = `${inject('redisPrefix')}market-coins-${randomBytes(3).toString('hex')}:`;

const old = testSymbol('CO');
const added = testSymbol('CN');
const pair = (symbol: string) => `${symbol}USDT`;
const tradeStream = (symbol: string) => `${pair(symbol).toLowerCase()}@aggTrade`;

let db: IsolatedDb;
let fake: FakeBinance;
let service: MarketService;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let client: Socket<ServerToClientEvents, ClientToServerEvents>;
let lines: LogLine[];
const ticks: Tick[] = [];
const tickers: Array<{ coins: TickerEntry[]; at: number }> = [];
const logs = () => lines.map((l) => JSON.stringify(l)).join('\n');

/** What the gateway's coins routes do after their transaction commits. */
const announce = (symbol: string, action: CoinsChangedEvent['action']) =>
  redis.publish(coinsChangedChannel(prefix), JSON.stringify({ symbol, action, ts: Date.now() }));
const setEnabled = (symbol: string, enabled: boolean) =>
  db.sql`update coins set enabled = ${enabled}, updated_at = now() where symbol = ${symbol}`;
const streamsOpen = () => fake.connections().flat();
const subscribedTo = (symbol: string) => streamsOpen().includes(tradeStream(symbol));

beforeAll(async () => {
  db = await isolatedDatabase(inject('adminDatabaseUrl'), 4);
  await db.db.insert(coins).values({ symbol: old, name: 'Old coin', marketSymbol: pair(old), sortOrder: 1 });
  fake = await startFakeBinance({ symbols: [pair(old), pair(added)], prices: { [pair(added)]: 7 } });

  const http = createServer();
  io = new Server(http, { adapter: createAdapter(pub, sub, { key: `${prefix}socket.io` }) });
  io.on('connection', (socket) => {
    void socket.join([rooms.market(added), rooms.ticker()]);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  await waitFor('the adapter subscribed', async () => (await io.of('/').adapter.serverCount()) > 0);
  const { port } = http.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  client.on('market:tick', (tick) => ticks.push(tick));
  client.on('ticker', (p) => tickers.push({ coins: p.coins, at: Date.now() }));
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));

  const captured = captureLogger('info');
  lines = captured.lines;
  service = createMarketService({
    config: testConfig({
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: prefix,
      DATABASE_URL: db.url,
      BINANCE_WS_URL: fake.wsUrl,
      BINANCE_REST_URL: fake.restUrl,
      MARKET_COINS_REFRESH_MS: String(24 * 3_600_000),
    }),
    logger: captured.logger,
    db: db.db,
    workerId: 'coins-live-test:1',
  });
  service.start();
  await waitFor(
    'the stream to be live',
    async () => (await readJson<FeedStatus>(redis, prefix + marketKeys.feed()))?.state === 'live',
    10_000,
    logs,
  );
});

afterAll(async () => {
  client?.disconnect();
  await service?.stop();
  await io?.close();
  await fake?.close();
  await deleteKeys(redis, prefix);
  await Promise.all([redis.quit(), pub.quit(), sub.quit()]);
  await db?.drop();
});

describe('an admin changes the coin list while the feed runs', () => {
  it('a new enabled coin is subscribed on the Binance stream and its prices reach a socket client', async () => {
    expect(subscribedTo(old)).toBe(true);
    expect(subscribedTo(added)).toBe(false);

    await db.db
      .insert(coins)
      .values({ symbol: added, name: 'Added coin', marketSymbol: pair(added), sortOrder: 2 });
    await announce(added, 'create');
    await waitFor('the stream to carry the new coin', () => subscribedTo(added), 10_000, logs);

    // Sent until one arrives: the renewed connection may still be taking over from the old one.
    const tick = await waitFor(
      'a tick of the new coin at the client',
      () => {
        if (ticks.length === 0) fake.pushTrade(pair(added), { price: '7.25000000' });
        return ticks.find((x) => x.symbol === added);
      },
      10_000,
      logs,
    );
    expect(tick).toMatchObject({ symbol: added, price: 7.25, source: 'binance' });
    const listed = await waitFor('the ticker to list the new coin', () =>
      tickers.find((p) => p.coins.some((c) => c.symbol === added)),
    );
    expect(listed.coins.find((c) => c.symbol === added)?.price).toBe(7.25);
  });

  it('a disabled coin leaves the stream and the ticker', async () => {
    await setEnabled(added, false);
    await announce(added, 'update');
    await waitFor('the stream to drop the disabled coin', () => !subscribedTo(added), 10_000, logs);
    expect(subscribedTo(old)).toBe(true);

    const since = Date.now();
    fake.pushTrade(pair(old), { price: '101.00000000' });
    const later = await waitFor('a ticker sent after the change', () =>
      tickers.find((p) => p.at > since && p.coins.some((c) => c.symbol === old)),
    );
    expect(later.coins.map((c) => c.symbol)).not.toContain(added);
  });

  it('a disabled coin with a running trade stays priced until that trade can settle', async () => {
    // A trade on the old coin, placed while it was enabled.
    const userId = await createUser(db.db);
    await giveMoney(db.db, userId, 100_000n);
    const setting = await createSetting(db.db, 600, 40);
    const entry = await writeTick(db.db, old, Date.now() - 50, 100_00000000n);
    const trade = await place(db.db, { userId, setting, entry });
    expect(trade.status).toBe('running');

    await setEnabled(old, false);
    await announce(old, 'update');
    // The announcement was read (a later one for another coin is handled after it) ...
    await setEnabled(added, true);
    await announce(added, 'update');
    const [streams] = await waitFor(
      'one connection again, carrying the re-enabled coin',
      () => {
        const open = fake.connections();
        return open.length === 1 && open[0]?.includes(tradeStream(added)) ? open : undefined;
      },
      10_000,
      logs,
    );
    // ... and the coin with the running trade is still streamed.
    expect(streams).toContain(tradeStream(old));
  });
});
