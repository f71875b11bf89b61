import { istDay } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser, uniqueName } from '../../test/helpers.ts';
import {
  buildTradingApp,
  newKey,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';
import { aPng, multipartOf, postTopup } from '../topups/topups.fixtures.ts';
import { bankedUser, decide, pendingWithdrawal } from '../withdrawals/withdrawals.fixtures.ts';

/**
 * The audit trail read back: every admin write below goes through its real route, on a database
 * of this file's own, so the rows each viewer gets can be listed exactly.
 */

let t: TradingApp;
let app: FastifyInstance;
let superadmin: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let alice: TestUser;
let bob: TestUser;
let quiet: TestUser;
let createdUserId: string;
const ids: { topup?: string; withdrawal?: string; trade?: string } = {};

type Row = {
  action: string;
  targetType: string;
  targetId: string | null;
  actor: { id: string; username: string } | null;
  user: { id: string; role: string } | null;
  reason: string | null;
};

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const trail = async (token: string, query = '') => {
  const res = await get(`/api/admin/audit${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Row[]; pagination: { total: number; page: number; pages: number } };
};
const send = async (token: string, method: 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};
const actions = (rows: Row[]) => rows.map((r) => r.action).sort();

beforeAll(async () => {
  t = await buildTradingApp('audit');
  app = t.app;
  [superadmin, admin, otherAdmin, alice, bob, quiet] = [
    await createUser(app, { role: 'superadmin' }),
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'admin' }),
    await bankedUser(app),
    await bankedUser(app),
    await createUser(app),
  ];

  // Superadmin: a user and an admin account.
  const account = (prefix: string) => {
    const username = uniqueName(prefix);
    return {
      firstName: 'New',
      lastName: 'One',
      username,
      email: `${username}@example.com`,
      password: 'copper-Heron-64',
    };
  };
  createdUserId = (await send(superadmin.token, 'POST', '/api/superadmin/create-user', account('nu'))).user
    .id;
  await send(superadmin.token, 'POST', '/api/superadmin/create-admin', account('na'));
  // Holds: one on a user (by an admin), one on an admin (by the superadmin).
  await send(admin.token, 'PUT', `/api/admin/users/${alice.id}/hold`, {
    freezAmount: 50,
    reason: 'KYC check',
  });
  await send(superadmin.token, 'PUT', `/api/admin/users/${otherAdmin.id}/hold`, {
    freezAmount: 0,
    reason: 'Nothing held',
  });
  // Alice's top-up approved, Bob's withdrawal rejected, Alice's trade cancelled.
  const topup = await postTopup(
    app,
    alice.token,
    await multipartOf({ amount: '250', currency: 'INR', voucher: aPng() }),
    {
      'idempotency-key': newKey(),
    },
  );
  expect(topup.statusCode, topup.body).toBe(201);
  ids.topup = topup.json().topup.id;
  await send(admin.token, 'PUT', `/api/topups/${ids.topup}/approve`);
  ids.withdrawal = await pendingWithdrawal(app, bob, 100);
  expect(
    (await decide(app, admin.token, ids.withdrawal, { status: 'rejected', remarks: 'Wrong IFSC' }))
      .statusCode,
  ).toBe(200);
  await setTick(t.prefix, 'BTC', 65_000);
  const placed = await placeRequest(app, alice.token, {
    amount: 100,
    settingId: t.settings.s60,
    symbol: 'BTC',
    direction: 'up',
    account: 'real',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  ids.trade = placed.json().trade.id as string;
  await send(admin.token, 'POST', `/api/admin/trades/${ids.trade}/cancel`, { reason: 'Feed incident' });
  // Platform settings: about no account.
  await send(admin.token, 'POST', '/api/referral-keys', { maxUses: 2 });
  await send(superadmin.token, 'PUT', '/api/superadmin/site', { title: 'Audit test site' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/audit', () => {
  it('answers 401 without a token and 403 to a user', async () => {
    expect((await get('/api/admin/audit')).statusCode).toBe(401);
    expect((await get('/api/admin/audit', alice.token)).statusCode).toBe(403);
  });

  it('shows a superadmin every action, with who did it and the account it concerns', async () => {
    const { items } = await trail(superadmin.token, '?limit=50');
    expect(actions(items)).toEqual(
      [
        'user.create',
        'admin.create',
        'user.hold',
        'user.hold',
        'topup.approve',
        'withdrawal.reject',
        'trade.cancel',
        'referral_key.create',
        'site.update',
      ].sort(),
    );
    const topup = items.find((r) => r.action === 'topup.approve');
    expect(topup).toMatchObject({
      targetType: 'topup',
      targetId: ids.topup,
      actor: { id: admin.id, username: admin.username },
      user: { id: alice.id, role: 'user' },
    });
    expect(items.find((r) => r.action === 'trade.cancel')).toMatchObject({
      targetId: ids.trade,
      user: { id: alice.id },
      reason: 'Feed incident',
    });
    expect(items.find((r) => r.action === 'site.update')?.user).toBeNull();
  });

  it('shows a plain admin only the actions on user accounts that no superadmin made', async () => {
    const { items, pagination } = await trail(admin.token, '?limit=50');
    expect(actions(items)).toEqual(
      ['user.hold', 'topup.approve', 'withdrawal.reject', 'trade.cancel'].sort(),
    );
    expect(pagination.total).toBe(4);
    expect(items.every((r) => r.user?.role === 'user')).toBe(true);
    // A superadmin's rows (their address among them) never reach a plain admin, as in the login history.
    expect(items.some((r) => r.actor?.id === superadmin.id)).toBe(false);
    expect((await trail(admin.token, `?actor=${superadmin.id}`)).items).toEqual([]);
    // Asking for an admin's account finds nothing, whoever acted.
    expect((await trail(admin.token, `?user=${otherAdmin.id}`)).items).toEqual([]);
    expect(actions((await trail(superadmin.token, `?user=${otherAdmin.id}`)).items)).toEqual(['user.hold']);
  });

  it('filters by actor, user account, action and India-time days', async () => {
    expect(actions((await trail(superadmin.token, `?actor=${superadmin.id}`)).items)).toEqual(
      ['user.create', 'admin.create', 'user.hold', 'site.update'].sort(),
    );
    expect(actions((await trail(admin.token, `?user=${alice.id}`)).items)).toEqual(
      ['user.hold', 'topup.approve', 'trade.cancel'].sort(),
    );
    expect(actions((await trail(superadmin.token, `?user=${createdUserId}`)).items)).toEqual(['user.create']);
    expect((await trail(admin.token, `?user=${createdUserId}`)).items).toEqual([]);
    const rejected = (await trail(admin.token, '?action=withdrawal.reject')).items;
    expect(rejected).toMatchObject([
      { targetId: ids.withdrawal, user: { id: bob.id }, reason: 'Wrong IFSC' },
    ]);
    const today = istDay();
    expect((await trail(superadmin.token, `?from=${today}&to=${today}`)).pagination.total).toBe(9);
    const tomorrow = istDay(Date.now() + 86_400_000);
    expect((await trail(superadmin.token, `?from=${tomorrow}`)).items).toEqual([]);
    expect((await trail(superadmin.token, `?to=${istDay(Date.now() - 86_400_000)}`)).items).toEqual([]);
  });

  it('pages newest first', async () => {
    const first = await trail(superadmin.token, '?limit=10');
    expect(first.pagination).toEqual({ total: 9, page: 1, limit: 10, pages: 1 });
    expect(first.items[0]?.action).toBe('site.update');
    expect(first.items.at(-1)?.action).toBe('user.create');
    expect((await trail(superadmin.token, '?limit=10&page=2')).items).toEqual([]);
  });

  it('refuses a malformed filter rather than ignoring it', async () => {
    for (const query of [
      '?from=2026-02-30',
      '?from=yesterday',
      `?from=${istDay()}&to=2020-01-01`,
      '?actor=not-a-uuid',
      '?action=DROP TABLE',
      '?unknown=1',
    ]) {
      const res = await get(`/api/admin/audit${encodeURI(query)}`, superadmin.token);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
    }
  });
});

describe('GET /api/user/me/admin-actions', () => {
  it('answers 401 without a token', async () => {
    expect((await get('/api/user/me/admin-actions')).statusCode).toBe(401);
  });

  it("lists every admin action on the caller's account with its reason, and nobody else's", async () => {
    const res = await get('/api/user/me/admin-actions', alice.token);
    expect(res.statusCode, res.body).toBe(200);
    const { items, pagination } = res.json();
    expect(items.map((i: { action: string }) => i.action)).toEqual([
      'trade.cancel',
      'topup.approve',
      'user.hold',
    ]);
    expect(items.map((i: { reason: string | null }) => i.reason)).toEqual([
      'Feed incident',
      null,
      'KYC check',
    ]);
    expect(pagination).toMatchObject({ total: 3, page: 1 });
    const mine = (await get('/api/user/me/admin-actions', bob.token)).json().items;
    expect(mine).toMatchObject([{ action: 'withdrawal.reject', reason: 'Wrong IFSC' }]);
    expect((await get('/api/user/me/admin-actions', quiet.token)).json().items).toEqual([]);
  });

  it('never names the admin', async () => {
    for (const user of [alice, bob]) {
      const res = await get('/api/user/me/admin-actions', user.token);
      for (const item of res.json().items) {
        expect(Object.keys(item).sort()).toEqual(['action', 'createdAt', 'id', 'reason']);
      }
      for (const who of [admin.id, admin.username, superadmin.id, superadmin.username, 'admin']) {
        expect(res.body.includes(who), who).toBe(false);
      }
    }
  });

  it('lets an admin read the actions on their own account the same way', async () => {
    const res = await get('/api/user/me/admin-actions', otherAdmin.token);
    expect(res.json().items).toMatchObject([{ action: 'user.hold', reason: 'Nothing held' }]);
  });
});
