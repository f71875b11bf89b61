import { auditLog, coins } from '@app/db';
import {
  type Coin,
  type CoinsChangedEvent,
  coinsChangedChannel,
  type MarketResponse,
  MSG,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { archive } from '../../test/market-fixtures.ts';
import { type ClientSocket, connected, listen, record } from '../../test/socket-client.ts';
import { buildTradingApp, fund, placeRequest, setTick, type TradingApp } from '../../test/trade-fixtures.ts';

let t: TradingApp;
let app: FastifyInstance;
let admin: TestUser;
let superadmin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await buildTradingApp('coins');
  app = t.app;
  [admin, superadmin, user] = await Promise.all([
    createUser(app, { role: 'admin' }),
    createUser(app, { role: 'superadmin' }),
    createUser(app),
  ]);
});
afterAll(async () => {
  await t.close();
});

const save = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/admin/coins', headers: auth(token), payload });
const remove = (token: string, symbol: string) =>
  app.inject({ method: 'DELETE', url: `/api/admin/coins/${symbol}`, headers: auth(token) });
const list = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/coins${query}`, headers: auth(token) });
const row = async (symbol: string) => (await app.db.select().from(coins).where(eq(coins.symbol, symbol)))[0];
const auditRows = (action: string, symbol: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, symbol)));
const marketSymbols = async (gateway: FastifyInstance = app) =>
  ((await gateway.inject({ method: 'GET', url: '/api/market' })).json() as MarketResponse).coins.map(
    (c) => c.symbol,
  );

let seq = 0;
/** A fresh symbol per test: tests in this file never touch each other's coins. */
const fresh = () => `NC${++seq}${Math.floor(Math.random() * 1000)}`;

describe('who may use the coin routes', () => {
  it('answers 401 without a token and 403 to a user, for every route; nothing is written', async () => {
    const symbol = fresh();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/coins' },
      { method: 'POST' as const, url: '/api/admin/coins', payload: { symbol, name: 'X' } },
      { method: 'DELETE' as const, url: '/api/admin/coins/BTC' },
    ];
    for (const call of calls) {
      expect((await app.inject(call)).statusCode).toBe(401);
      expect((await app.inject({ ...call, headers: auth(user.token) })).statusCode).toBe(403);
    }
    expect(await row(symbol)).toBeUndefined();
    expect(await row('BTC')).toBeDefined();
  });

  it('serves an admin and a superadmin alike', async () => {
    for (const who of [admin, superadmin]) {
      const res = await list(who.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().coins.map((c: Coin) => c.symbol)).toEqual(expect.arrayContaining(['BTC', 'DOGE']));
      const symbol = fresh();
      expect((await save(who.token, { symbol, name: `by ${who.role}` })).statusCode).toBe(201);
      expect((await auditRows('coin.create', symbol))[0]).toMatchObject({
        actorId: who.id,
        actorRole: who.role,
      });
    }
  });
});

describe('GET /api/admin/coins', () => {
  it('lists disabled coins too, searches symbol and name, 10 per page in display order', async () => {
    const tag = `Srch${Math.floor(Math.random() * 1e6)}`;
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      const symbol = `SR${i}X${seq++}`;
      made.push(symbol);
      const res = await save(admin.token, {
        symbol,
        name: `${tag} ${i}`,
        sortOrder: 500 + i,
        enabled: i % 2 === 0,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = (await list(admin.token, `?q=${tag.toLowerCase()}`)).json();
    expect(first).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.coins.map((c: Coin) => c.symbol)).toEqual(made.slice(0, 10));
    expect(first.coins[1]).toMatchObject({ enabled: false, sortOrder: 501 });
    const second = (await list(admin.token, `?q=${tag}&page=2`)).json();
    expect(second.coins.map((c: Coin) => c.symbol)).toEqual(made.slice(10));
    const bySymbol = (await list(admin.token, `?q=${made[3]?.toLowerCase()}`)).json();
    expect(bySymbol.coins.map((c: Coin) => c.symbol)).toEqual([made[3]]);
  });
});

describe('POST /api/admin/coins: create', () => {
  it('creates an upper-case coin priced from symbol+USDT by default, audited with what was created', async () => {
    const symbol = fresh();
    const res = await save(admin.token, { symbol: ` ${symbol.toLowerCase()} `, name: ' New Coin ' });
    expect(res.statusCode, res.body).toBe(201);
    const coin: Coin = res.json().coin;
    expect(coin).toMatchObject({
      symbol,
      name: 'New Coin',
      marketSymbol: `${symbol}USDT`,
      enabled: true,
      sortOrder: 0,
      iconUrl: null,
    });
    expect(await row(symbol)).toMatchObject({
      name: 'New Coin',
      marketSymbol: `${symbol}USDT`,
      enabled: true,
    });
    const [entry, ...more] = await auditRows('coin.create', symbol);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ targetType: 'coin', actorId: admin.id, before: null, after: coin });
  });

  it('refuses a symbol that exists, and leaves that coin as it was', async () => {
    const before = await row('BTC');
    const res = await save(admin.token, { symbol: 'btc', name: 'Impostor' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.coinExists);
    expect(await row('BTC')).toEqual(before);
    expect(await auditRows('coin.create', 'BTC')).toEqual([]);
  });

  it.each([
    [{ symbol: 'X', name: 'Too short' }, MSG.coinSymbolInvalid],
    [{ symbol: 'BAD-1', name: 'Dash' }, MSG.coinSymbolInvalid],
    [{ name: 'No symbol' }, MSG.coinSymbolInvalid],
    [{ symbol: 'OKSYM', name: '  ' }, MSG.coinNameRequired],
    [{ symbol: 'OKSYM', name: 'Pair', marketSymbol: 'btc/usdt' }, MSG.coinMarketSymbolInvalid],
    [{ symbol: 'OKSYM', name: 'Order', sortOrder: -1 }, MSG.coinSortOrderInvalid],
    [{ symbol: 'OKSYM', name: 'Icon', iconUrl: 'javascript:alert(1)' }, MSG.urlInvalid],
    [{ symbol: 'OKSYM', name: 'Priced', customHigh: 70000 }, MSG.coinFieldUnknown],
    [{ symbol: 'OKSYM', name: 'Trend', trend: 'up' }, MSG.coinFieldUnknown],
    [{ symbol: 'OKSYM', name: 'Priced', price: 1 }, MSG.coinFieldUnknown],
  ])('refuses %o with the message %s and writes nothing', async (payload, message) => {
    const res = await save(admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await row('OKSYM')).toBeUndefined();
  });
});

describe('POST /api/admin/coins: edit', () => {
  it('edits the named coin, keeps what the edit leaves out, and audits before and after', async () => {
    const symbol = fresh();
    await save(admin.token, { symbol, name: 'Before', sortOrder: 7, iconUrl: 'https://icons.example/a.png' });
    const res = await save(superadmin.token, { editing: symbol, symbol, name: 'After', enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    const coin: Coin = res.json().coin;
    expect(coin).toMatchObject({
      symbol,
      name: 'After',
      enabled: false,
      sortOrder: 7,
      iconUrl: 'https://icons.example/a.png',
      marketSymbol: `${symbol}USDT`,
    });
    const [entry] = await auditRows('coin.update', symbol);
    expect(entry).toMatchObject({ targetType: 'coin', actorId: superadmin.id, after: coin });
    expect(entry?.before).toMatchObject({ name: 'Before', enabled: true });
  });

  it('never changes a symbol: an edit naming another symbol is refused and creates nothing', async () => {
    const symbol = fresh();
    const renamed = fresh();
    await save(admin.token, { symbol, name: 'Keep me' });
    const res = await save(admin.token, { editing: symbol, symbol: renamed, name: 'Renamed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.coinSymbolImmutable);
    expect(await row(symbol)).toMatchObject({ name: 'Keep me' });
    expect(await row(renamed)).toBeUndefined();
    expect(await auditRows('coin.update', symbol)).toEqual([]);
  });

  it('is held by the database too: an UPDATE of the symbol is refused', async () => {
    const symbol = fresh();
    await save(admin.token, { symbol, name: 'Fixed' });
    await expect(
      app.db
        .update(coins)
        .set({ symbol: `${symbol}Z` })
        .where(eq(coins.symbol, symbol)),
    ).rejects.toThrow();
    expect(await row(symbol)).toBeDefined();
  });

  it('answers 404 for an edit of a coin that does not exist', async () => {
    const symbol = fresh();
    const res = await save(admin.token, { editing: symbol, symbol, name: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(await row(symbol)).toBeUndefined();
  });
});

describe('DELETE /api/admin/coins/:symbol', () => {
  it('deletes a coin nothing depends on, audited; a second delete is 404', async () => {
    const symbol = fresh();
    const created: Coin = (await save(admin.token, { symbol, name: 'Short-lived' })).json().coin;
    const res = await remove(admin.token, symbol.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().coin).toEqual(created);
    expect(await row(symbol)).toBeUndefined();
    const [entry] = await auditRows('coin.delete', symbol);
    expect(entry).toMatchObject({ targetType: 'coin', actorId: admin.id, before: created, after: null });
    expect((await remove(admin.token, symbol)).statusCode).toBe(404);
  });

  it('refuses while the coin has a running trade: disable it instead', async () => {
    const symbol = fresh();
    await save(admin.token, { symbol, name: 'Traded' });
    await setTick(t.prefix, symbol, 2.5);
    const trader = await createUser(app);
    await fund(app, trader.id, 500);
    const placed = await placeRequest(app, trader.token, {
      amount: 100,
      settingId: t.settings.s60,
      symbol,
      direction: 'up',
      account: 'real',
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const res = await remove(admin.token, symbol);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.coinHasRunningTrades);
    expect(await row(symbol)).toBeDefined();
    expect(await auditRows('coin.delete', symbol)).toEqual([]);
  });

  it('refuses while the archive holds its prices: disable it instead', async () => {
    const symbol = fresh();
    await save(admin.token, { symbol, name: 'Priced once' });
    await archive(app.db, symbol, [{ at: Date.now() - 60_000, price: 1.25 }]);
    const res = await remove(admin.token, symbol);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.coinHasTicks);
    expect(await row(symbol)).toBeDefined();
  });

  it('answers 404 for a path that names no coin', async () => {
    expect((await remove(admin.token, 'NOSUCHCOIN1')).statusCode).toBe(404);
    expect((await remove(admin.token, 'not-a-symbol!')).statusCode).toBe(404);
  });
});

describe('a change takes effect live', () => {
  let other: FastifyInstance;
  let socket: ClientSocket;
  let redis: Redis;
  let events: CoinsChangedEvent[];
  /** Waits for the other gateway's socket to be told of this change. */
  const told = (symbol: string, action: CoinsChangedEvent['action']) =>
    expect.poll(() => events.some((e) => e.symbol === symbol && e.action === action)).toBe(true);

  beforeAll(async () => {
    // A second gateway on the same database and Redis prefix, with a browser on it.
    other = await buildTestApp({ databaseUrl: t.databaseUrl, redisPrefix: t.prefix });
    socket = await connected(await listen(other));
    events = record(socket, 'market:coins');
    redis = new Redis(inject('redisUrl'));
  });
  afterAll(async () => {
    socket?.disconnect();
    await other?.close();
    await redis?.quit();
  });

  it('a new enabled coin is on /api/market of every gateway, announced to the feed and to sockets', async () => {
    const symbol = fresh();
    // Both gateways have the list cached now.
    expect(await marketSymbols()).not.toContain(symbol);
    expect(await marketSymbols(other)).not.toContain(symbol);

    const sub = redis.duplicate();
    const heard: CoinsChangedEvent[] = [];
    sub.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message)));
    await sub.subscribe(coinsChangedChannel(t.prefix));
    try {
      expect((await save(admin.token, { symbol, name: 'Live coin' })).statusCode).toBe(201);
      // The writing gateway answers with the new list at once.
      expect(await marketSymbols()).toContain(symbol);
      // The other gateway drops its cached list before it tells its sockets.
      await told(symbol, 'create');
      expect(await marketSymbols(other)).toContain(symbol);
      // The channel the ingestion worker listens on carried it.
      await expect.poll(() => heard.map((e) => e.symbol)).toContain(symbol);
    } finally {
      sub.disconnect();
    }
  });

  it('a disabled coin leaves the market lists and refuses new trades; its running trade stays', async () => {
    const symbol = fresh();
    await save(admin.token, { symbol, name: 'Soon off' });
    await setTick(t.prefix, symbol, 10);
    const trader = await createUser(app);
    await fund(app, trader.id, 1000);
    const body = { amount: 100, settingId: t.settings.s60, symbol, direction: 'down', account: 'real' };
    const first = await placeRequest(app, trader.token, body);
    expect(first.statusCode, first.body).toBe(201);
    // Cached on the other gateway, as placement there would read it.
    expect(await marketSymbols(other)).toContain(symbol);
    expect((await placeRequest(other, trader.token, body)).statusCode).toBe(201);

    const off = await save(admin.token, { editing: symbol, symbol, name: 'Soon off', enabled: false });
    expect(off.statusCode).toBe(200);
    await told(symbol, 'update');
    for (const gateway of [app, other]) {
      expect(await marketSymbols(gateway)).not.toContain(symbol);
      await setTick(t.prefix, symbol, 10);
      const refused = await placeRequest(gateway, trader.token, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.coinNotTradable);
    }
    // The trades placed before are untouched: still running, settled by the workers at a price.
    const mine = await app.inject({
      method: 'GET',
      url: '/api/trades?status=running',
      headers: auth(trader.token),
    });
    expect(mine.json().items.map((x: { symbol: string }) => x.symbol)).toEqual([symbol, symbol]);
  });
});
