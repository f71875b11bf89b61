import { auditLog, checkLedgerInvariants, trades } from '@app/db';
import {
  MSG,
  paiseToRupees,
  type RiskExposure,
  rupeesToPaise,
  type Trade,
  type TradeDirection,
  winProfitPaise,
} from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, record } from '../../test/socket-client.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';

// The limits are one row for the whole platform: this file has a database (and gateway) of its own.
let t: TradingApp;
let app: FastifyInstance;
let admin: TestUser;
let superadmin: TestUser;

beforeAll(async () => {
  t = await buildTradingApp('risk');
  app = t.app;
  [admin, superadmin] = [
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'superadmin' }),
  ];
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Fresh prices for every test (placement refuses one older than its bound).
  await Promise.all([setTick(t.prefix, 'BTC', 65_000), setTick(t.prefix, 'ETH', 3_000)]);
  await putLimits(admin.token, { maxStakePerTrade: null, maxOpenStakePerCoin: null });
});

const putLimits = (token: string | null, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/risk-limits',
    headers: token === null ? {} : auth(token),
    payload: payload as object,
  });
const get = (url: string, token: string | null) =>
  app.inject({ method: 'GET', url, headers: token === null ? {} : auth(token) });

const place = (user: TestUser, amount: number, extra: Record<string, unknown> = {}) =>
  placeRequest(app, user.token, {
    amount,
    symbol: 'BTC',
    direction: 'up',
    account: 'real',
    settingId: t.settings.s40,
    ...extra,
  });

async function funded(rupees = 10_000) {
  const user = await createUser(app);
  await fund(app, user.id, rupees);
  return user;
}

describe('who may use the risk routes', () => {
  it.each([
    ['GET', '/api/admin/risk-limits'],
    ['PUT', '/api/admin/risk-limits'],
    ['GET', '/api/admin/risk/exposure'],
  ] as const)(
    '%s %s: 401 without a token, 403 for a user, 200 for an admin and a superadmin',
    async (method, url) => {
      const user = await createUser(app);
      const body = { maxStakePerTrade: null, maxOpenStakePerCoin: null };
      const call = (token: string | null) =>
        app.inject({
          method,
          url,
          headers: token === null ? {} : auth(token),
          payload: method === 'PUT' ? body : undefined,
        });
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(user.token)).statusCode).toBe(403);
      expect((await call(admin.token)).statusCode).toBe(200);
      expect((await call(superadmin.token)).statusCode).toBe(200);
    },
  );

  it('refuses a user before looking at the body, and writes nothing', async () => {
    const user = await createUser(app);
    const before = await app.db.$count(auditLog, eq(auditLog.action, 'risk_limits.update'));
    const res = await putLimits(user.token, { maxStakePerTrade: 'nonsense' });
    expect(res.statusCode).toBe(403);
    expect(await app.db.$count(auditLog, eq(auditLog.action, 'risk_limits.update'))).toBe(before);
  });
});

describe('PUT /api/admin/risk-limits', () => {
  it('stores both limits in rupees, answers them, and audits the change with before and after in paise', async () => {
    const res = await putLimits(admin.token, { maxStakePerTrade: '1500.50', maxOpenStakePerCoin: 20_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxStakePerTrade: 1500.5, maxOpenStakePerCoin: 20_000 });
    expect(res.json().updatedAt).toEqual(expect.any(String));
    expect((await get('/api/admin/risk-limits', admin.token)).json()).toEqual(res.json());

    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'risk_limits.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'risk_limits',
      before: { maxStakePerTrade: null, maxOpenStakePerCoin: null },
      after: { maxStakePerTrade: '150050', maxOpenStakePerCoin: '2000000' },
    });

    const cleared = await putLimits(superadmin.token, { maxStakePerTrade: '', maxOpenStakePerCoin: null });
    expect(cleared.json()).toMatchObject({ maxStakePerTrade: null, maxOpenStakePerCoin: null });
  });

  it.each([
    [{ maxStakePerTrade: 'abc', maxOpenStakePerCoin: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: 0, maxOpenStakePerCoin: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: -5, maxOpenStakePerCoin: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: 1.005, maxOpenStakePerCoin: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: '1e3', maxOpenStakePerCoin: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: null, maxOpenStakePerCoin: '0x10' }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: null }, MSG.riskLimitInvalid],
    [{ maxStakePerTrade: 500, maxOpenStakePerCoin: 400 }, MSG.riskLimitsOrder],
    [{ maxStakePerTrade: null, maxOpenStakePerCoin: null, extra: 1 }, MSG.invalidInput],
  ])('refuses %o with "%s" and changes nothing', async (payload, message) => {
    await putLimits(admin.token, { maxStakePerTrade: 100, maxOpenStakePerCoin: 1_000 });
    const res = await putLimits(admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await get('/api/admin/risk-limits', admin.token)).json()).toMatchObject({
      maxStakePerTrade: 100,
      maxOpenStakePerCoin: 1_000,
    });
  });
});

describe('placement under the limits', () => {
  it('refuses a stake above the maximum per trade with the message, and moves nothing', async () => {
    await putLimits(admin.token, { maxStakePerTrade: 500, maxOpenStakePerCoin: null });
    const user = await funded(1_000);
    const res = await place(user, 500.01);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${MSG.stakeAboveLimit} Maximum: ₹500.00.`);
    expect(await balancesOf(app, user.id)).toEqual({ real: 1_000, practice: 100_000 });
    expect(await app.db.$count(trades, eq(trades.userId, user.id))).toBe(0);
    expect((await place(user, 500)).statusCode).toBe(201);
  });

  it('counts the open stake per coin across running trades and frees it when one is cancelled', async () => {
    await putLimits(admin.token, { maxStakePerTrade: null, maxOpenStakePerCoin: 300 });
    const user = await funded(1_000);
    const first = await place(user, 100);
    expect(first.statusCode).toBe(201);
    expect((await place(user, 200, { direction: 'down', settingId: t.settings.s60 })).statusCode).toBe(201);
    const refused = await place(user, 0.01);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${MSG.openStakeAboveLimit} Maximum: ₹300.00; open now: ₹300.00.`);
    expect((await place(user, 300, { symbol: 'ETH' })).statusCode).toBe(201);

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/admin/trades/${first.json().trade.id}/cancel`,
      headers: auth(admin.token),
      payload: { reason: 'risk test' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await place(user, 100)).statusCode).toBe(201);
    expect((await place(user, 0.01)).statusCode).toBe(400);
    expect(await balancesOf(app, user.id)).toEqual({ real: 400, practice: 100_000 });
  });

  it('lets exactly the allowed ones of 20 concurrent placements through', async () => {
    await putLimits(admin.token, { maxStakePerTrade: null, maxOpenStakePerCoin: 700 });
    const user = await funded(10_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => place(user, 100, { direction: i % 2 ? 'up' : 'down' })),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message.startsWith(`${MSG.openStakeAboveLimit} Maximum: ₹700.00; open now: `)).toBe(
        true,
      );
    }
    expect(await balancesOf(app, user.id)).toEqual({ real: 9_300, practice: 100_000 });
    const running = await app.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, user.id), eq(trades.status, 'running')));
    expect(running).toHaveLength(7);
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  });

  it('leaves practice trades outside the limits', async () => {
    await putLimits(admin.token, { maxStakePerTrade: 10, maxOpenStakePerCoin: 20 });
    const user = await funded(100);
    for (let i = 0; i < 3; i++)
      expect((await place(user, 5_000, { account: 'practice' })).statusCode).toBe(201);
    expect((await place(user, 10)).statusCode).toBe(201);
    expect((await place(user, 10)).statusCode).toBe(201);
    expect((await place(user, 10)).statusCode).toBe(400);
    expect(await balancesOf(app, user.id)).toEqual({ real: 80, practice: 85_000 });
  });
});

type Counted = Pick<Trade, 'symbol' | 'direction' | 'account' | 'status' | 'amount' | 'payoutPercent'>;

/** The exposure computed here, trade by trade, with the shared payout rule. */
function expected(placed: Counted[]): Pick<RiskExposure, 'rows' | 'totals'> {
  const groups = new Map<
    string,
    { symbol: string; direction: TradeDirection; count: number; stake: bigint; payout: bigint }
  >();
  for (const trade of placed) {
    if (trade.account !== 'real' || trade.status !== 'running') continue;
    const key = `${trade.symbol}:${trade.direction}`;
    const g = groups.get(key) ?? {
      symbol: trade.symbol,
      direction: trade.direction,
      count: 0,
      stake: 0n,
      payout: 0n,
    };
    const stake = rupeesToPaise(trade.amount);
    g.count += 1;
    g.stake += stake;
    g.payout += stake + winProfitPaise(stake, trade.payoutPercent);
    groups.set(key, g);
  }
  const order = (d: TradeDirection) => (d === 'up' ? 0 : 1);
  const rows = [...groups.values()]
    .sort((a, b) =>
      a.symbol === b.symbol ? order(a.direction) - order(b.direction) : a.symbol < b.symbol ? -1 : 1,
    )
    .map((g) => ({
      symbol: g.symbol,
      direction: g.direction,
      count: g.count,
      stake: paiseToRupees(g.stake),
      payoutIfAllWin: paiseToRupees(g.payout),
      netIfAllWin: paiseToRupees(g.payout - g.stake),
    }));
  const sum = (f: (g: { count: number; stake: bigint; payout: bigint }) => bigint) =>
    [...groups.values()].reduce((a, g) => a + f(g), 0n);
  const stake = sum((g) => g.stake);
  const payout = sum((g) => g.payout);
  return {
    rows,
    totals: {
      count: Number(sum((g) => BigInt(g.count))),
      stake: paiseToRupees(stake),
      payoutIfAllWin: paiseToRupees(payout),
      netIfAllWin: paiseToRupees(payout - stake),
    },
  };
}

describe('GET /api/admin/risk/exposure', () => {
  it('matches the running real trades counted here, live on the admins room and nowhere else', async () => {
    const url = await listen(app);
    const adminSocket = await connected(url, admin.token);
    const user = await funded(10_000);
    const userSocket = await connected(url, user.token);
    const adminEvents = record(adminSocket, 'admin:exposure');
    const userEvents = record(userSocket, 'admin:exposure');
    try {
      const [a, b] = [user, await funded(10_000)];
      // Stakes whose profit needs rounding at 20, 40 and 60 %, both coins, both directions,
      // practice trades (not counted) and a trade cancelled at once (not counted).
      const orders: Array<[TestUser, number, Record<string, unknown>]> = [
        [a, 0.03, { settingId: t.settings.s20 }],
        [a, 0.03, { settingId: t.settings.s40, direction: 'down' }],
        [a, 10.01, { settingId: t.settings.s60 }],
        [b, 123.45, { symbol: 'ETH' }],
        [b, 0.05, { symbol: 'ETH', direction: 'down', settingId: t.settings.s60 }],
        [b, 77.77, { direction: 'down', settingId: t.settings.s20 }],
        [a, 999, { account: 'practice' }],
        [b, 55.55, { symbol: 'ETH', account: 'practice', direction: 'down' }],
      ];
      const placed: Trade[] = [];
      for (const [who, amount, extra] of orders) {
        const res = await place(who, amount, extra);
        expect(res.statusCode).toBe(201);
        placed.push(res.json().trade);
      }
      const toCancel = await place(b, 40, { symbol: 'ETH' });
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/admin/trades/${toCancel.json().trade.id}/cancel`,
        headers: auth(admin.token),
        payload: { reason: 'exposure test' },
      });
      placed.push(cancelled.json().trade);

      // Earlier tests of this file left running trades of other users: they count too.
      const others = (await app.db.select().from(trades).where(eq(trades.status, 'running'))).filter(
        (r) => ![a.id, b.id].includes(r.userId),
      );
      const earlier: Counted[] = others.map((r) => ({
        symbol: r.symbol,
        direction: r.direction,
        account: r.account,
        status: r.status,
        amount: paiseToRupees(r.amount),
        payoutPercent: r.payoutPercent,
      }));
      const want = expected([...earlier, ...placed]);

      const res = await get('/api/admin/risk/exposure', admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(want);
      expect(Date.parse(res.json().asOf)).not.toBeNaN();

      // The admins room hears the same figures once they have settled down.
      await expect
        .poll(
          () => adminEvents.at(-1) && { rows: adminEvents.at(-1)?.rows, totals: adminEvents.at(-1)?.totals },
          {
            timeout: 5_000,
          },
        )
        .toEqual(want);
      expect(userEvents).toEqual([]);
    } finally {
      adminSocket.disconnect();
      userSocket.disconnect();
    }
  });
});
