import { referralKeys, users } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createKey, createUser, type TestUser, uniqueName } from './helpers.ts';

let app: FastifyInstance;
let user: TestUser;
let admin: TestUser;
let superadmin: TestUser;
let keyId: string;

type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; path: string; payload?: () => object };

const account = () => {
  const username = uniqueName('acl');
  return {
    firstName: 'A',
    lastName: 'B',
    username,
    email: `${username}@example.com`,
    password: 'maple-Sparrow-27',
  };
};

const adminRoutes: Route[] = [
  { method: 'GET', url: '/api/referral-keys', path: '/api/referral-keys' },
  {
    method: 'POST',
    url: '/api/referral-keys',
    path: '/api/referral-keys',
    payload: () => ({ label: 'acl', maxUses: 1 }),
  },
  {
    method: 'PATCH',
    url: '/api/referral-keys/:key',
    path: '/api/referral-keys/{id}',
    payload: () => ({ maxUses: 50 }),
  },
  { method: 'GET', url: '/api/admin-stats/login-history', path: '/api/admin-stats/login-history' },
  { method: 'GET', url: '/api/admin-stats/cards', path: '/api/admin-stats/cards' },
];
const superRoutes: Route[] = [
  {
    method: 'POST',
    url: '/api/superadmin/create-user',
    path: '/api/superadmin/create-user',
    payload: account,
  },
  {
    method: 'POST',
    url: '/api/superadmin/create-admin',
    path: '/api/superadmin/create-admin',
    payload: account,
  },
  { method: 'GET', url: '/api/superadmin/site', path: '/api/superadmin/site' },
  {
    method: 'PUT',
    url: '/api/superadmin/site',
    path: '/api/superadmin/site',
    payload: () => ({ title: 'ACL title' }),
  },
  { method: 'GET', url: '/api/superadmin/overview', path: '/api/superadmin/overview' },
  { method: 'GET', url: '/api/superadmin/trading-halt', path: '/api/superadmin/trading-halt' },
  {
    method: 'PUT',
    url: '/api/superadmin/trading-halt',
    path: '/api/superadmin/trading-halt',
    // Ending a halt that does not exist: no other test's placements are refused meanwhile.
    payload: () => ({ halted: false, reason: 'ACL check' }),
  },
];

const call = (route: Route, token?: string, payload?: object) =>
  app.inject({
    method: route.method,
    url: route.url.replace(':key', keyId),
    headers: token ? auth(token) : {},
    payload: payload ?? route.payload?.(),
  });

beforeAll(async () => {
  app = await buildTestApp();
  [user, admin, superadmin] = [
    await createUser(app),
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'superadmin' }),
  ];
  keyId = (await createKey(app, { maxUses: 5 })).id;
});
afterAll(async () => {
  await app.close();
});

describe('role checks on the server', () => {
  it('covers every admin and superadmin route the API documents', async () => {
    const paths: Record<string, Record<string, unknown>> = (
      await app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json().paths;
    const documented = Object.entries(paths)
      .filter(([p]) => /^\/api\/(referral-keys|admin-stats|superadmin)/.test(p))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const tested = [...adminRoutes, ...superRoutes].map((r) => `${r.method} ${r.path}`).sort();
    expect(tested).toEqual(documented);
  });

  it.each([...adminRoutes, ...superRoutes])(
    '$method $url: no token is 401, a user token is 403',
    async (route) => {
      const anonymous = await call(route);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(MSG.unauthorized);
      const asUser = await call(route, user.token);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json().message).toBe(MSG.forbidden);
      // The role check comes before validation: a user learns nothing about the body rules.
      if (route.payload) expect((await call(route, user.token, { junk: true })).statusCode).toBe(403);
    },
  );

  it.each(superRoutes)('$method $url: an admin token is 403', async (route) => {
    const res = await call(route, admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });

  it.each(adminRoutes)('$method $url: admins and superadmins pass', async (route) => {
    expect((await call(route, admin.token)).statusCode).toBeLessThan(300);
    expect((await call(route, superadmin.token)).statusCode).toBeLessThan(300);
  });

  it.each(superRoutes)('$method $url: superadmins pass', async (route) => {
    expect((await call(route, superadmin.token)).statusCode).toBeLessThan(300);
  });

  it('writes nothing for a refused request', async () => {
    const label = uniqueName('refused');
    await app.inject({
      method: 'POST',
      url: '/api/referral-keys',
      headers: auth(user.token),
      payload: { label },
    });
    expect(await app.db.select().from(referralKeys).where(eq(referralKeys.label, label))).toEqual([]);
    const body = account();
    await app.inject({
      method: 'POST',
      url: '/api/superadmin/create-admin',
      headers: auth(admin.token),
      payload: body,
    });
    expect(await app.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });

  it('follows the role in the database, not the one in the token', async () => {
    const demoted = await createUser(app, { role: 'admin' });
    expect((await call(adminRoutes[4]!, demoted.token)).statusCode).toBe(200);
    await app.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    expect((await call(adminRoutes[4]!, demoted.token)).statusCode).toBe(403);
  });

  it('refuses a banned admin', async () => {
    const banned = await createUser(app, { role: 'admin' });
    await app.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    const res = await call(adminRoutes[0]!, banned.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.accountBanned);
  });
});
