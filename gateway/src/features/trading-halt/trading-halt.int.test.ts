import { acceptDisclosure, auditLog, settleTrade } from '@app/db';
import { DEFAULT_TRADE_SETTINGS, haltMessage, MSG, type Trade } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { archive } from '../../test/market-fixtures.ts';
import { connected, listen, next } from '../../test/socket-client.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';

/** Two gateways on one database and one Redis prefix, as behind a load balancer. */
let t: TradingApp;
let a: FastifyInstance;
let b: FastifyInstance;
let superadmin: TestUser;
let admin: TestUser;
let user: TestUser;

/** What a change made through another gateway may take to arrive. */
const WITHIN = { timeout: 1_000, interval: 20 };

beforeAll(async () => {
  t = await buildTradingApp('halt');
  a = t.app;
  b = await buildTestApp({ databaseUrl: t.databaseUrl, redisPrefix: t.prefix });
  [superadmin, admin, user] = [
    await createUser(a, { role: 'superadmin' }),
    await createUser(a, { role: 'admin' }),
    await createUser(a),
  ];
  await acceptDisclosure(a.db, user.id);
  await fund(a, user.id, 10_000);
  await Promise.all([setTick(t.prefix, 'BTC', 65_000), setTick(t.prefix, 'ETH', 3_000)]);
  await vi.waitFor(() => expect(a.cacheBus.live && b.cacheBus.live).toBe(true), { timeout: 10_000 });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});
afterEach(async () => {
  // Each test starts with trading open.
  for (const symbol of [null, 'BTC']) await setHalt({ halted: false, symbol, reason: 'test over' });
});

const setHalt = (payload: Record<string, unknown>, token = superadmin.token, app = a) =>
  app.inject({ method: 'PUT', url: '/api/superadmin/trading-halt', headers: auth(token), payload });

const place = (app: FastifyInstance, over: Record<string, unknown> = {}) =>
  placeRequest(app, user.token, {
    amount: 100,
    settingId: t.settings.s20,
    symbol: 'BTC',
    direction: 'up',
    account: 'real',
    ...over,
  });

const auditOf = (action: string) =>
  a.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, superadmin.id)));

describe('PUT /api/superadmin/trading-halt', () => {
  it('is for superadmins only, and refuses a body without a reason or with unknown fields', async () => {
    expect((await setHalt({ halted: true, reason: 'x' }, admin.token)).statusCode).toBe(403);
    expect((await setHalt({ halted: true, reason: 'x' }, user.token)).statusCode).toBe(403);
    const noReason = await setHalt({ halted: true, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(MSG.haltReasonRequired);
    expect((await setHalt({ halted: true, reason: 'x', price: 1 })).statusCode).toBe(400);
    expect((await setHalt({ halted: 'yes', reason: 'x' })).statusCode).toBe(400);
    expect((await setHalt({ halted: true, symbol: 'bad symbol!', reason: 'x' })).statusCode).toBe(400);
    expect((await a.inject({ method: 'GET', url: '/api/superadmin/trading-halt' })).statusCode).toBe(401);
  });

  it('halts every coin with the reason, audited, and trading opens again when it ends', async () => {
    const reason = 'Exchange feed incident';
    const res = await setHalt({ halted: true, reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().halts).toEqual([
      { symbol: null, reason, since: expect.any(String), haltedBy: superadmin.id },
    ]);

    for (const over of [{}, { symbol: 'ETH' }, { account: 'practice' }]) {
      const refused = await place(a, over);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(haltMessage({ symbol: null, reason }));
      expect(refused.json().message).toContain(reason);
    }
    expect(await balancesOf(a, user.id)).toMatchObject({ real: 10_000 });

    const pub = await a.inject({ method: 'GET', url: '/api/trading-halt' });
    expect(pub.json()).toEqual({ halts: [{ symbol: null, reason, since: expect.any(String) }] });
    const [started] = await auditOf('trading_halt.start');
    expect(started).toMatchObject({ targetType: 'platform', targetId: null, reason });
    expect(started?.after).toMatchObject({ symbol: null, reason });

    const ended = await setHalt({ halted: false, reason: 'Feed back' });
    expect(ended.json().halts).toEqual([]);
    expect((await place(a)).statusCode).toBe(201);
    const [end] = await auditOf('trading_halt.end');
    expect(end).toMatchObject({ reason: 'Feed back', after: null });
    expect(end?.before).toMatchObject({ symbol: null, reason });
  });

  it('halts one coin: its placements are refused naming the reason, other coins trade', async () => {
    const reason = 'BTC pair delisted upstream';
    expect((await setHalt({ halted: true, symbol: 'btc', reason })).statusCode).toBe(200);
    const refused = await place(a);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(haltMessage({ symbol: 'BTC', reason }));
    expect((await place(a, { symbol: 'ETH' })).statusCode).toBe(201);
    const [audited] = await auditOf('trading_halt.start').then((rows) =>
      rows.filter((r) => r.targetId === 'BTC'),
    );
    expect(audited).toMatchObject({ targetType: 'coin', reason });
  });

  it('leaves running trades to settle: a trade placed before the halt settles during it', async () => {
    const placed = await place(a, { symbol: 'ETH' });
    expect(placed.statusCode).toBe(201);
    const trade: Trade = placed.json().trade;
    const before = (await balancesOf(a, user.id)).real;
    expect((await setHalt({ halted: true, reason: 'Settlement only' })).statusCode).toBe(200);

    const expiresAt = Date.parse(trade.expiresAt);
    await archive(a.db, 'ETH', [
      { at: expiresAt - 500, price: 3_100 },
      { at: expiresAt + 500, price: 3_100 },
    ]);
    const settled = await settleTrade(a.db, trade.id, {
      staleAfterMs: 1_000,
      now: new Date(expiresAt + 2_000),
    });
    expect(settled.changed).toBe(true);
    expect(settled.trade.status).toBe('won');
    const payout = DEFAULT_TRADE_SETTINGS.find((s) => s.time === 20)?.payoutPercent ?? 0;
    expect((await balancesOf(a, user.id)).real).toBe(before + 100 + (100 * payout) / 100);
  });

  it('reaches a second gateway within a second: its placements are refused and its sockets told', async () => {
    // The second gateway has the open state in its cache.
    expect((await place(b, { symbol: 'ETH' })).statusCode).toBe(201);
    expect((await b.inject({ method: 'GET', url: '/api/trading-halt' })).json()).toEqual({ halts: [] });
    const socket = await connected(await listen(b));
    try {
      const told = next(socket, 'trading:halt');
      const reason = 'Incident on the second gateway';
      expect((await setHalt({ halted: true, reason })).statusCode).toBe(200);
      await vi.waitFor(async () => {
        const refused = await place(b, { symbol: 'ETH' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toContain(reason);
      }, WITHIN);
      expect(await told).toEqual({ halts: [{ symbol: null, reason, since: expect.any(String) }] });
      expect((await b.inject({ method: 'GET', url: '/api/trading-halt' })).json().halts).toHaveLength(1);

      expect((await setHalt({ halted: false, reason: 'over' })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await place(b, { symbol: 'ETH' })).statusCode).toBe(201), WITHIN);
    } finally {
      socket.disconnect();
    }
  });
});
