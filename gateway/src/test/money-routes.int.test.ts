import { journalEntries, trades } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser } from './helpers.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from './trade-fixtures.ts';

/**
 * INTEGRITY 2: the server is the only one that moves money. No route lets a user post a
 * result, a profit, a price or a balance; the spec's `POST /api/trade-log` and
 * `PUT /api/user/{id}/balance` do not exist.
 */

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITES: readonly string[] = ['post', 'put', 'patch', 'delete'];

/** The only writes a user-role token may reach, and why each is harmless for money. */
const USER_WRITES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'PUT /api/auth/change-password',
  // ends the caller's own sessions only
  'POST /api/auth/logout-all',
  // the caller's own two-factor sign-in, and the second step of a sign-in: no money field
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/disable',
  'POST /api/auth/2fa/verify',
  // account recovery and email verification: a mailed link and its token, no money field
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'PUT /api/user/me/profile',
  'PUT /api/user/me/bank',
  // the caller's own limits, cool-off, self-exclusion and risk disclosure: they only restrict
  'PUT /api/user/me/limits',
  'POST /api/user/me/cool-off',
  'POST /api/user/me/self-exclusion',
  'POST /api/user/me/disclosure',
  'POST /api/reputation/visit',
  // asks for a trade: the server prices it, debits the stake and settles it
  'POST /api/trades',
  // practice money only, back to its fixed opening level
  'POST /api/user/me/practice/reset',
  // a top-up request: no money moves until an admin approves it
  'POST /api/topups',
  // a withdrawal request: debits at most the caller's own available balance, held for review
  'POST /api/withdrawals',
  'POST /api/notifications/{id}/read',
  'POST /api/notifications/read-all',
  // support tickets: a subject and messages, the caller's own tickets only
  'POST /api/tickets',
  'POST /api/tickets/{id}/messages',
].sort();

/** Names a user's request must never carry into the server. */
const MONEY_FIELDS =
  /^(balance|practiceBalance|result|profit|payout|price|priceE8|exit|entry|status|freezAmount)$/;

/** Everything a forged request could try to set. */
const FORGED = {
  balance: 1e9,
  practiceBalance: 1e9,
  result: 'Win',
  profit: 1e9,
  payout: 1e9,
  price: 1,
  status: 'won',
  amount: 1e9,
  tradeType: 'Up',
  context: { direction: 'credit', type: 'trade_profit', amount: 1e9 },
};

type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

let t: TradingApp;
let app: FastifyInstance;
let user: TestUser;
let admin: TestUser;
let paths: Record<string, Record<string, OpenApiOperation>>;

beforeAll(async () => {
  t = await buildTradingApp('money-routes');
  app = t.app;
  [user, admin] = [await createUser(app), await createUser(app, { role: 'admin' })];
  await fund(app, user.id, 100);
  await setTick(t.prefix, 'BTC', 65_000);
  paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(async () => {
  await t.close();
});

const writeRoutes = () =>
  Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => WRITES.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase() as Method, path, operation })),
  );

describe('no user-role route writes money', () => {
  it('lets a user token reach only the known writes, none of which takes a money field', async () => {
    const reachable: string[] = [];
    for (const { method, path, operation } of writeRoutes()) {
      // Path ids: the caller's own id, the most a forged request could hope to use.
      const url = path.replace(/\{[^}]+\}/g, user.id);
      const res = await app.inject({ method, url, headers: auth(user.token), payload: { ...FORGED } });
      if (res.statusCode !== 401 && res.statusCode !== 403) reachable.push(`${method} ${path}`);

      const properties = Object.values(operation.requestBody?.content ?? {}).flatMap((c) =>
        Object.keys(c.schema?.properties ?? {}),
      );
      if (USER_WRITES.includes(`${method} ${path}`)) {
        expect(
          properties.filter((p) => MONEY_FIELDS.test(p)),
          `${method} ${path}`,
        ).toEqual([]);
      }
    }
    expect(reachable.sort()).toEqual(USER_WRITES);

    // All those forged writes moved nothing and created no trade.
    expect(await balancesOf(app, user.id)).toEqual({ real: 100, practice: 100_000 });
    expect(await app.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
    const entries = await app.db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
    expect(entries.map((e) => e.type).sort()).toEqual(['admin_adjustment', 'practice_reset']);
  });

  it.each([
    ['PUT', '/api/user/{id}/balance'],
    ['POST', '/api/trade-log'],
    ['PUT', '/api/trade-log/{id}'],
    ['POST', '/api/trade-log/{id}'],
    ['PUT', '/api/trades/{id}'],
    ['PATCH', '/api/trades/{id}'],
    ['POST', '/api/trades/{id}/settle'],
  ] as const)('%s %s does not exist, for users and admins alike', async (method, path) => {
    const placed = await placeRequest(app, admin.token, {
      amount: 1,
      settingId: t.settings.s20,
      symbol: 'BTC',
      direction: 'up',
      account: 'practice',
    });
    const url = path.replace('{id}', path.startsWith('/api/user') ? user.id : placed.json().trade.id);
    for (const token of [user.token, admin.token]) {
      const res = await app.inject({ method, url, headers: auth(token), payload: { ...FORGED } });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(paths[path]?.[method.toLowerCase()]).toBeUndefined();
    expect((await balancesOf(app, user.id)).real).toBe(100);
  });
});

describe('role checks of the trade routes', () => {
  const adminRoutes = [
    {
      method: 'POST',
      url: '/api/admin/trades/00000000-0000-4000-8000-000000000000/cancel',
      payload: { reason: 'x' },
    },
    { method: 'POST', url: '/api/trade-setting', payload: { time: 5, unit: 'Seconds' } },
    { method: 'PUT', url: '/api/trade-setting/1', payload: { time: 5, unit: 'Seconds' } },
    { method: 'DELETE', url: '/api/trade-setting/1' },
    { method: 'GET', url: '/api/trade-log' },
    { method: 'GET', url: '/api/trade-log?filter=win' },
  ] as const;

  it.each(adminRoutes)('$method $url: no token is 401, a user token is 403', async (route) => {
    const call = (headers: Record<string, string>) =>
      app.inject({
        method: route.method,
        url: route.url,
        headers,
        ...('payload' in route ? { payload: route.payload } : {}),
      });
    const anonymous = await call({});
    expect(anonymous.statusCode).toBe(401);
    const asUser = await call(auth(user.token));
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().message).toBe(MSG.forbidden);
  });
});
