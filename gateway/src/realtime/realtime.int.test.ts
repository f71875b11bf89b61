import { createHmac } from 'node:crypto';
import { users } from '@app/db';
import {
  type BulkUserEvent,
  encodeUserEvents,
  type FeedStatus,
  MARKET_MSG,
  MAX_MARKET_SUBSCRIPTIONS,
  MSG,
  rooms,
  type ServerToClientEvents,
  userEventsChannel,
} from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildTestApp, createUser, TEST_JWT_SECRET, type TestUser } from '../test/helpers.ts';
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
} from '../test/market-fixtures.ts';
import {
  type ClientSocket,
  client,
  collect,
  connect,
  connected,
  listen,
  next,
  record,
} from '../test/socket-client.ts';

const prefix = marketPrefix('realtime');
const feed: FeedStatus = { source: 'binance', state: 'live', simulated: false, since: 1_700_000_000_000 };
const btc = { tick: makeTick('BTC', 65_000.5), stats: makeStats('BTC'), book: makeBook('BTC', 65_000, 15) };
const extraCoins = Array.from(
  { length: MAX_MARKET_SUBSCRIPTIONS + 1 },
  (_, i) => `C${String(i + 1).padStart(2, '0')}`,
);

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlA: string;
let urlB: string;
let redis: Redis;
let emitterRedis: Redis;
let emitter: Emitter<ServerToClientEvents>;
const sockets: ClientSocket[] = [];

/** A connected socket that has had its on-connect feed status; disconnected after the file. */
async function open(url: string, token?: string): Promise<ClientSocket> {
  const s = client(url, token);
  sockets.push(s);
  const status = next(s, 'feed:status');
  await connect(s);
  await status;
  return s;
}

const subscribe = (s: ClientSocket, symbol: string) => s.timeout(5_000).emitWithAck('subscribe', { symbol });
const unsubscribe = (s: ClientSocket, symbol: string) =>
  s.timeout(5_000).emitWithAck('unsubscribe', { symbol });

/** A token signed by hand, so a test controls every claim. */
function hs256(claims: object): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
}

/** The connect_error a refused handshake gives. */
async function refusal(url: string, token: string): Promise<{ message: string; data: unknown }> {
  const s = client(url, token);
  sockets.push(s);
  try {
    await connect(s);
  } catch (error) {
    const e = error as Error & { data?: unknown };
    return { message: e.message, data: e.data };
  }
  throw new Error('the connection was accepted');
}

beforeAll(async () => {
  const database = await createMarketDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
  // Two gateways on one Redis prefix: one deployment behind a load balancer.
  appA = await buildTestApp({ databaseUrl, redisPrefix: prefix });
  appB = await buildTestApp({ databaseUrl, redisPrefix: prefix });
  urlA = await listen(appA);
  urlB = await listen(appB);
  await insertCoins(appA.db, [
    { symbol: 'BTC', name: 'Bitcoin', sortOrder: 1 },
    { symbol: 'ETH', name: 'Ethereum', sortOrder: 2 },
    { symbol: 'DOGE', name: 'Dogecoin', sortOrder: 3, enabled: false },
    ...extraCoins.map((symbol, i) => ({ symbol, sortOrder: 10 + i })),
  ]);
  redis = workerRedis(prefix);
  await writeMarket(redis, 'BTC', btc);
  await writeFeed(redis, feed);
  // As the workers emit: a plain client, the deployment's prefix in the key.
  emitterRedis = new Redis(inject('redisUrl'));
  emitter = new Emitter<ServerToClientEvents>(emitterRedis, { key: `${prefix}socket.io` });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
  redis?.disconnect();
  emitterRedis?.disconnect();
  await dropDatabase?.();
});

describe('anonymous sockets', () => {
  it('get the current feed status on connect', async () => {
    const s = client(urlA);
    sockets.push(s);
    const status = next(s, 'feed:status');
    await connect(s);
    expect(await status).toEqual(feed);
  });

  it('subscribe to a market and get its latest tick, book and stats in the ack', async () => {
    const s = await open(urlA);
    expect(await subscribe(s, ' btc ')).toEqual({ ok: true, data: { room: rooms.market('BTC'), ...btc } });
  });

  it('subscribe to a coin that has no data yet and get nulls', async () => {
    const s = await open(urlB);
    expect(await subscribe(s, 'ETH')).toEqual({
      ok: true,
      data: { room: 'market:ETH', tick: null, book: null, stats: null },
    });
  });

  it('are refused an unknown, disabled or missing symbol', async () => {
    const s = await open(urlA);
    expect(await subscribe(s, 'NOPE')).toEqual({ ok: false, error: MARKET_MSG.unknownMarket('NOPE') });
    expect(await subscribe(s, 'DOGE')).toEqual({ ok: false, error: MARKET_MSG.unknownMarket('DOGE') });
    expect(await subscribe(s, '')).toEqual({ ok: false, error: MARKET_MSG.symbolRequired });
    const noPayload = await s.timeout(5_000).emitWithAck('subscribe', null as unknown as { symbol: string });
    expect(noPayload).toEqual({ ok: false, error: MARKET_MSG.symbolRequired });
  });

  it(`may watch at most ${MAX_MARKET_SUBSCRIPTIONS} markets at once`, async () => {
    const s = await open(urlA);
    const [last, ...first] = [...extraCoins].reverse();
    for (const symbol of first) expect((await subscribe(s, symbol)).ok, symbol).toBe(true);
    expect(await subscribe(s, last ?? '')).toEqual({
      ok: false,
      error: MARKET_MSG.tooManySubscriptions(MAX_MARKET_SUBSCRIPTIONS),
    });
    // Subscribing again to a market already watched is fine; leaving one makes room.
    expect((await subscribe(s, first[0] ?? '')).ok).toBe(true);
    expect(await unsubscribe(s, first[0] ?? '')).toEqual({ ok: true, data: { room: `market:${first[0]}` } });
    expect((await subscribe(s, last ?? '')).ok).toBe(true);
  });
});

describe('worker emits through the Redis emitter', () => {
  it('reach the subscribers of a market and nobody else', async () => {
    const onBtc = await open(urlA);
    const onEth = await open(urlB);
    const left = await open(urlB);
    await subscribe(onBtc, 'BTC');
    await subscribe(onEth, 'ETH');
    await subscribe(left, 'BTC');
    await subscribe(left, 'ETH');
    expect(await unsubscribe(left, 'btc')).toEqual({ ok: true, data: { room: 'market:BTC' } });
    const seen = Promise.all([onBtc, onEth, left].map((s) => collect(s, 'market:tick', 1)));

    const btcTick = { ...makeTick('BTC', 65_010), seq: 1 };
    const ethTick = { ...makeTick('ETH', 3_000.25), seq: 1 };
    emitter.to(rooms.market('BTC')).emit('market:tick', btcTick);
    // Published after the BTC tick on the same connection, so it arrives after it: a socket
    // wrongly in the BTC room would see the BTC tick first.
    emitter.to(rooms.market('ETH')).emit('market:tick', ethTick);
    expect(await seen).toEqual([[btcTick], [ethTick], [ethTick]]);
  });

  it('reach a client on either gateway, and one gateway broadcasts to clients of another', async () => {
    const onA = await open(urlA);
    const onB = await open(urlB);
    await subscribe(onA, 'BTC');
    await subscribe(onB, 'BTC');

    const stats = { ...makeStats('BTC', { last: 65_100 }), seq: 1 };
    const arrivals = [next(onA, 'market:stats'), next(onB, 'market:stats')];
    emitter.to(rooms.market('BTC')).emit('market:stats', stats);
    expect(await Promise.all(arrivals)).toEqual([stats, stats]);

    const book = { ...makeBook('BTC', 65_100, 15), seq: 1 };
    const onBBook = next(onB, 'market:book');
    appA.io.to(rooms.market('BTC')).emit('market:book', book);
    expect(await onBBook).toEqual(book);
  });

  it('reach the ticker room after ticker:subscribe, whose ack lists the coins with prices', async () => {
    const s = await open(urlB);
    const ack = await s.timeout(5_000).emitWithAck('ticker:subscribe');
    expect(ack).toEqual({
      ok: true,
      data: {
        room: 'ticker',
        coins: [
          { symbol: 'BTC', price: 65_000.5, priceChangePercent: 5, volume: 130_000.25, source: 'binance' },
        ],
      },
    });
    const payload = { coins: [{ ...btc.tick, priceChangePercent: 1, volume: 2 }], ts: Date.now(), seq: 1 };
    const arrival = next(s, 'ticker');
    emitter.to(rooms.ticker()).emit('ticker', payload);
    expect(await arrival).toEqual(payload);

    expect(await s.timeout(5_000).emitWithAck('ticker:unsubscribe')).toEqual({
      ok: true,
      data: { room: 'ticker' },
    });
    const tickers = record(s, 'ticker');
    const marker = { ...feed, since: 1 };
    const markerArrival = next(s, 'feed:status');
    emitter.to(rooms.ticker()).emit('ticker', payload);
    emitter.emit('feed:status', marker);
    expect(await markerArrival).toEqual(marker);
    expect(tickers).toEqual([]);
  });
});

describe('signed-in sockets', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [alice, bob, admin] = await Promise.all([
      createUser(appA),
      createUser(appA),
      createUser(appA, { role: 'admin' }),
    ]);
  });

  it('join their own room: an emit to it reaches that user only', async () => {
    const aliceSocket = await open(urlA, alice.token);
    const bobSocket = await open(urlB, bob.token);
    const anonymous = await open(urlB);
    const seen = Promise.all([
      collect(aliceSocket, 'feed:status', 2),
      collect(bobSocket, 'feed:status', 1),
      collect(anonymous, 'feed:status', 1),
    ]);
    const forAlice = { ...feed, since: 111 };
    const forEveryone = { ...feed, since: 222 };
    emitter.to(rooms.user(alice.id)).emit('feed:status', forAlice);
    emitter.emit('feed:status', forEveryone);
    expect(await seen).toEqual([[forAlice, forEveryone], [forEveryone], [forEveryone]]);
  });

  it('get the events workers publish in bulk for their room, once, whichever gateway holds them', async () => {
    // Alice on both gateways, Bob on B: each gateway delivers to its own sockets only.
    const [aliceOnA, aliceOnB, bobOnB] = await Promise.all([
      open(urlA, alice.token),
      open(urlB, alice.token),
      open(urlB, bob.token),
    ]);
    const seen = [record(aliceOnA, 'balance'), record(aliceOnB, 'balance'), record(bobOnB, 'balance')];
    const balance = (real: number) =>
      ({ real, practice: 100_000, reason: 'trade_settled' }) as unknown as Extract<
        BulkUserEvent,
        { event: 'balance' }
      >['data'];
    const events: BulkUserEvent[] = [
      { userId: alice.id, event: 'balance', data: balance(1) },
      { userId: bob.id, event: 'balance', data: balance(2) },
      { userId: alice.id, event: 'balance', data: balance(3) },
    ];
    await emitterRedis.publish(userEventsChannel(prefix), 'not json');
    await emitterRedis.publish(userEventsChannel(prefix), encodeUserEvents(events));
    await emitterRedis.publish(userEventsChannel(prefix), encodeUserEvents([events[1] as BulkUserEvent]));
    const reals = (i: number) => (seen[i] ?? []).map((b) => b.real);
    await vi.waitFor(
      () => {
        for (const i of [0, 1, 2]) expect(reals(i).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 20 },
    );
    // A duplicate relayed through the adapter, had there been one: each gateway asks the other
    // over it, and the other's answer comes after everything it published there before.
    await Promise.all([appA.io.fetchSockets(), appB.io.fetchSockets()]);
    // Published after the others on the same connection: each gateway delivers it after them.
    await emitterRedis.publish(
      userEventsChannel(prefix),
      encodeUserEvents([
        { userId: alice.id, event: 'balance', data: balance(4) },
        { userId: bob.id, event: 'balance', data: balance(4) },
      ]),
    );
    await vi.waitFor(
      () => {
        for (const i of [0, 1, 2]) expect(reals(i)).toContain(4);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect([reals(0), reals(1), reals(2)]).toEqual([
      [1, 3, 4],
      [1, 3, 4],
      [2, 2, 4],
    ]);
  });

  it('of staff also join the admins room', async () => {
    const adminSocket = await open(urlB, admin.token);
    const userSocket = await open(urlA, alice.token);
    const seen = Promise.all([collect(adminSocket, 'feed:status', 2), collect(userSocket, 'feed:status', 1)]);
    const forAdmins = { ...feed, since: 333 };
    const forEveryone = { ...feed, since: 444 };
    emitter.to(rooms.admins()).emit('feed:status', forAdmins);
    emitter.emit('feed:status', forEveryone);
    expect(await seen).toEqual([[forAdmins, forEveryone], [forEveryone]]);
  });

  it('of staff without two-factor sign-in stay out of the admins room', async () => {
    const unenrolled = await createUser(appA, { role: 'admin', twoFactor: false });
    const socket = await open(urlA, unenrolled.token);
    const seen = collect(socket, 'feed:status', 1);
    const forAdmins = { ...feed, since: 555 };
    const forEveryone = { ...feed, since: 666 };
    emitter.to(rooms.admins()).emit('feed:status', forAdmins);
    emitter.emit('feed:status', forEveryone);
    expect(await seen).toEqual([forEveryone]);
  });

  it('with a signed-in token can subscribe to markets like anyone', async () => {
    const s = await open(urlA, alice.token);
    expect((await subscribe(s, 'BTC')).ok).toBe(true);
  });

  it('are refused a forged, malformed or expired token with connect_error', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [header, , signature] = alice.token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: alice.id, role: 'superadmin', tv: 0 })).toString('base64url')}.${signature}`;
    const expired = hs256({ sub: alice.id, role: 'user', tv: 0, iat: now - 3600, exp: now - 60 });
    for (const token of [forged, 'not.a.jwt', expired]) {
      expect(await refusal(urlA, token)).toEqual({
        message: MSG.sessionExpired,
        data: { statusCode: 401, message: MSG.sessionExpired },
      });
    }
  });

  it('are refused after the token version changed (password change, logout everywhere)', async () => {
    const user = await createUser(appA);
    await appA.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect((await refusal(urlB, user.token)).message).toBe(MSG.sessionExpired);
  });

  it('of a banned user are refused', async () => {
    const user = await createUser(appA);
    await appA.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    expect(await refusal(urlA, user.token)).toEqual({
      message: MSG.accountBanned,
      data: { statusCode: 401, message: MSG.accountBanned },
    });
  });
});

describe('gateway shutdown', () => {
  it('disconnects its clients and closes without waiting for them', async () => {
    const app = await buildTestApp({ databaseUrl, redisPrefix: prefix });
    const s = await connected(await listen(app));
    const disconnected = new Promise<string>((resolve) => s.once('disconnect', resolve));
    await app.close();
    expect(await disconnected).toBe('transport close');
  });
});
