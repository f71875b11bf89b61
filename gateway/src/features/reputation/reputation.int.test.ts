import { users } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser } from '../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const visit = (token: string) =>
  app.inject({ method: 'POST', url: '/api/reputation/visit', headers: auth(token) });
const setPoints = (id: string, points: number, lastRewardOn: string | null) =>
  app.db
    .update(users)
    .set({ reputationPoints: points, lastVisitRewardOn: lastRewardOn })
    .where(eq(users.id, id));

describe('POST /api/reputation/visit', () => {
  it('awards the visit point once per calendar day in India', async () => {
    const user = await createUser(app);
    const first = await visit(user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ awarded: true, reputationPoints: 1 });
    expect((await visit(user.token)).json()).toEqual({ awarded: false, reputationPoints: 1 });

    const [row] = await app.db
      .select({
        day: users.lastVisitRewardOn,
        today: sql<string>`((now() at time zone 'Asia/Kolkata')::date)::text`,
      })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.day).toBe(row?.today);

    // The next day (yesterday's reward on record) gives another point.
    await app.db
      .update(users)
      .set({ lastVisitRewardOn: sql`(now() at time zone 'Asia/Kolkata')::date - 1` })
      .where(eq(users.id, user.id));
    expect((await visit(user.token)).json()).toEqual({ awarded: true, reputationPoints: 2 });
  });

  it('awards once when several visits arrive together', async () => {
    const user = await createUser(app);
    const results = await Promise.all(Array.from({ length: 5 }, () => visit(user.token)));
    expect(results.filter((r) => r.json().awarded)).toHaveLength(1);
    expect(results.every((r) => r.json().reputationPoints === 1)).toBe(true);
  });

  it('stops at 100 and then reports no award', async () => {
    const user = await createUser(app);
    await setPoints(user.id, 99, null);
    expect((await visit(user.token)).json()).toEqual({ awarded: true, reputationPoints: 100 });

    await setPoints(user.id, 100, '2000-01-01');
    expect((await visit(user.token)).json()).toEqual({ awarded: false, reputationPoints: 100 });
  });

  it('only touches the caller', async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    await visit(a.token);
    const [row] = await app.db.select().from(users).where(eq(users.id, b.id));
    expect(row?.reputationPoints).toBe(0);
    expect(row?.lastVisitRewardOn).toBeNull();
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/reputation/visit' })).statusCode).toBe(401);
  });
});
