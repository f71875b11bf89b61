import { createNotification, notifications } from '@app/db';
import { MSG, NOTIFICATIONS_DEFAULT_LIMIT } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = Date.UTC(2026, 0, 5, 9, 0, 0);

/** `n` notifications one second apart, oldest first (titles n0, n1, ...); returns their ids. */
async function seed(user: TestUser, n: number): Promise<string[]> {
  const rows = await app.db
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        title: `n${i}`,
        body: `body ${i}`,
        createdAt: new Date(BASE + i * 1000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: auth(user.token) });
const postTo = (
  user: TestUser,
  url: string,
  extra: { headers?: Record<string, string>; payload?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...auth(user.token), ...extra.headers },
    payload: extra.payload,
  });

describe('GET /api/notifications', () => {
  it('lists the caller’s own notifications newest first, 20 per page, with the unread count', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    await seed(user, 23);
    await seed(other, 3);
    await createNotification(app.db, {
      userId: user.id,
      type: 'credit',
      title: 'latest',
      data: { amount: 5 },
      body: 'b',
    });

    const res = await get(user, '/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    const page1 = res.json();
    expect(page1.items).toHaveLength(NOTIFICATIONS_DEFAULT_LIMIT);
    expect(page1.items[0]).toMatchObject({
      type: 'credit',
      title: 'latest',
      body: 'b',
      data: { amount: 5 },
      read: false,
    });
    expect(page1.items.slice(1, 4).map((n: { title: string }) => n.title)).toEqual(['n22', 'n21', 'n20']);
    expect(page1.pagination).toEqual({ total: 24, page: 1, limit: 20, pages: 2 });
    expect(page1.unread).toBe(24);

    const page2 = (await get(user, '/api/notifications?page=2&limit=20')).json();
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual(['n3', 'n2', 'n1', 'n0']);
  });

  it('honours a smaller limit and falls back to the default above the maximum', async () => {
    const user = await createUser(app);
    await seed(user, 3);
    const small = (await get(user, '/api/notifications?limit=2')).json();
    expect(small.items.map((n: { title: string }) => n.title)).toEqual(['n2', 'n1']);
    expect(small.pagination).toEqual({ total: 3, page: 1, limit: 2, pages: 2 });
    const big = (await get(user, '/api/notifications?limit=500')).json();
    expect(big.pagination.limit).toBe(NOTIFICATIONS_DEFAULT_LIMIT);
  });

  it('answers an empty list for a user with none, and 401 without a token', async () => {
    const user = await createUser(app);
    expect((await get(user, '/api/notifications')).json()).toEqual({
      items: [],
      pagination: { total: 0, page: 1, limit: 20, pages: 1 },
      unread: 0,
    });
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(
      401,
    );
  });
});

describe('reading notifications', () => {
  it('counts unread, marks one read (twice is fine) and reports the count after', async () => {
    const user = await createUser(app);
    const [first, second] = await seed(user, 3);
    expect((await get(user, '/api/notifications/unread-count')).json()).toEqual({ count: 3 });

    const once = await postTo(user, `/api/notifications/${first}/read`);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toEqual({ ok: true, unread: 2 });
    const twice = await postTo(user, `/api/notifications/${first}/read`, {
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(twice.json()).toEqual({ ok: true, unread: 2 });
    expect((await get(user, '/api/notifications/unread-count')).json()).toEqual({ count: 2 });

    const items = (await get(user, '/api/notifications')).json().items as Array<{
      id: string;
      read: boolean;
    }>;
    expect(items.find((n) => n.id === first)?.read).toBe(true);
    expect(items.find((n) => n.id === second)?.read).toBe(false);
  });

  it('answers 404 for another user’s notification, an unknown id and a malformed one', async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    const [id] = await seed(owner, 1);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await postTo(intruder, `/api/notifications/${target}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
    expect((await get(owner, '/api/notifications/unread-count')).json()).toEqual({ count: 1 });
  });

  it('marks all read with an empty POST, with or without a JSON content type, and only the caller’s', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    await seed(user, 4);
    await seed(other, 2);

    const bare = await postTo(user, '/api/notifications/read-all');
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual({ ok: true, unread: 0 });
    expect((await get(user, '/api/notifications')).json().unread).toBe(0);

    await seed(user, 1);
    const json = await postTo(user, '/api/notifications/read-all', {
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toEqual({ ok: true, unread: 0 });
    expect((await get(other, '/api/notifications/unread-count')).json()).toEqual({ count: 2 });
  });

  it('answers 401 to reads without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/notifications/read-all' });
    expect(res.statusCode).toBe(401);
  });
});
