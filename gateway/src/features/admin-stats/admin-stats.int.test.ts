import { loginHistory, users } from '@app/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildIsolatedApp,
  buildTestApp,
  createUser,
  DESKTOP_UA,
  MOBILE_UA,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/helpers.ts';

let app: FastifyInstance;
let admin: TestUser;
let superadmin: TestUser;
let trader: TestUser;

const login = (identifier: string, password = TEST_PASSWORD, ua = DESKTOP_UA) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    headers: { 'user-agent': ua },
  });
const history = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin-stats/login-history${query}`, headers: auth(token) });
type Item = {
  username: string | null;
  role: string | null;
  userId: string | null;
  success: boolean;
  deviceType: string;
};

beforeAll(async () => {
  app = await buildTestApp();
  [admin, superadmin, trader] = [
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'superadmin' }),
    await createUser(app),
  ];
  await login(superadmin.username);
  await login(superadmin.username, 'wrong-password');
  await login(trader.username, TEST_PASSWORD, MOBILE_UA);
  await login(trader.username, 'wrong-password');
  await login(admin.username);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/admin-stats/login-history', () => {
  it('hides superadmin rows from admins whatever excludeRole says', async () => {
    for (const query of [
      '',
      '?excludeRole=user',
      '?excludeRole=',
      `?user=${superadmin.id}`,
      `?user=${superadmin.username}`,
      `?q=${superadmin.username}`,
    ]) {
      const res = await history(admin.token, query);
      expect(res.statusCode, query).toBe(200);
      const items: Item[] = res.json().items;
      expect(
        items.some((i) => i.role === 'superadmin' || i.userId === superadmin.id),
        query,
      ).toBe(false);
    }
  });

  it('hides the history of an account that is a superadmin now, even rows from before its promotion', async () => {
    const promoted = await createUser(app);
    await login(promoted.username);
    await app.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, promoted.id));
    const items: Item[] = (await history(admin.token, `?user=${promoted.id}`)).json().items;
    expect(items).toEqual([]);
    expect((await history(superadmin.token, `?user=${promoted.id}`)).json().items).toHaveLength(1);
  });

  it('shows superadmins everything, and honours excludeRole', async () => {
    const all: Item[] = (await history(superadmin.token, `?user=${superadmin.id}`)).json().items;
    expect(all.map((i) => i.success)).toEqual([false, true]);
    const excluded: Item[] = (
      await history(superadmin.token, `?user=${superadmin.id}&excludeRole=superadmin`)
    ).json().items;
    expect(excluded).toEqual([]);
  });

  it('filters by user id, username or email, newest first, with both outcomes and the device', async () => {
    for (const who of [trader.id, trader.username.toUpperCase(), trader.email]) {
      const res = await history(admin.token, `?user=${encodeURIComponent(who)}`);
      const items: Item[] = res.json().items;
      expect(
        items.map((i) => [i.success, i.deviceType]),
        who,
      ).toEqual([
        [false, 'desktop'],
        [true, 'mobile'],
      ]);
      expect(res.json().pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1 });
    }
  });

  it('searches the user agent and pages', async () => {
    const res = await history(admin.token, `?q=iPhone&user=${trader.id}&limit=10&page=1`);
    expect(res.json().items).toHaveLength(1);
    const page2 = await history(admin.token, `?user=${trader.id}&limit=10&page=2`);
    expect(page2.json()).toEqual({ items: [], pagination: { total: 2, page: 2, limit: 10, pages: 1 } });
  });

  it('falls back to the default page size for sizes the UI does not offer', async () => {
    const res = await history(admin.token, '?limit=7&page=-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 20 });
  });
});

describe('GET /api/admin-stats/cards', () => {
  it('counts users, users active in the last 30 days and successful logins by device', async () => {
    // Counting needs a database no other test file writes to.
    const isolated = await buildIsolatedApp();
    const db = isolated.app.db;
    try {
      const [a, b, idle] = [
        await createUser(isolated.app, { role: 'admin' }),
        await createUser(isolated.app),
        await createUser(isolated.app),
      ];
      const rows = [
        { userId: a.id, success: true, deviceType: 'desktop' as const },
        { userId: a.id, success: true, deviceType: 'desktop' as const },
        { userId: b.id, success: true, deviceType: 'mobile' as const },
        { userId: b.id, success: false, deviceType: 'tablet' as const },
        { userId: null, success: false, deviceType: 'unknown' as const },
        // Logged in long ago: counts for its device, not as active.
        {
          userId: idle.id,
          success: true,
          deviceType: 'tablet' as const,
          createdAt: new Date(Date.now() - 31 * 86_400_000),
        },
      ];
      await db.insert(loginHistory).values(rows.map((r) => ({ identifier: 'x', ...r })));

      const res = await isolated.app.inject({
        method: 'GET',
        url: '/api/admin-stats/cards',
        headers: auth(a.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ok: true,
        cards: { totalUsers: 3, activeUsers: 2 },
        devices: { mobile: 1, desktop: 2, tablet: 1, unknown: 0 },
      });
    } finally {
      await isolated.close();
    }
  });
});
