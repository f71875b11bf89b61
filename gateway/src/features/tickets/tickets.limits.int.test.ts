import { tickets } from '@app/db';
import { MSG } from '@app/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser, GENEROUS_WRITE_LIMITS, type TestUser } from '../../test/helpers.ts';
import { expectHourlyRefusals, statusCounts } from '../../test/limit-fixtures.ts';

/** Limits on opening tickets: a rate per hour and the tickets waiting for support, under bursts. */

const PER_HOUR = 10;
const OPEN = 5;

let rated: FastifyInstance;
let capped: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  [rated, capped] = await Promise.all([
    buildTestApp({
      writeLimits: { ...GENEROUS_WRITE_LIMITS, tickets: { perHour: PER_HOUR, open: 10_000 } },
    }),
    buildTestApp({ writeLimits: { ...GENEROUS_WRITE_LIMITS, tickets: { perHour: 10_000, open: OPEN } } }),
  ]);
  admin = await createUser(capped, { role: 'admin' });
});
afterAll(async () => {
  await Promise.all([rated.close(), capped.close()]);
});

const openTicket = (app: FastifyInstance, user: TestUser, n = 0) =>
  app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: auth(user.token),
    payload: { subject: `Question ${n}`, message: 'Where is my deposit from this morning?' },
  });

const burst = (app: FastifyInstance, user: TestUser, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => openTicket(app, user, i)));

const ticketsOf = async (app: FastifyInstance, userId: string) =>
  (await app.db.select({ n: count() }).from(tickets).where(eq(tickets.userId, userId)))[0]?.n;

describe('tickets per hour', () => {
  it('30 at once: the hour’s allowance opens, the rest is 429 with the wait', async () => {
    const user = await createUser(rated);
    const answers = await burst(rated, user, 30);
    expect(statusCounts(answers)).toEqual({ 201: PER_HOUR, 429: 30 - PER_HOUR });
    expect(await ticketsOf(rated, user.id)).toBe(PER_HOUR);
    expectHourlyRefusals(answers, MSG.ticketsTooMany);
    expect(answers.find((r) => r.statusCode === 429)?.json().message).toMatch(/Try again in 1 hour\.$/);

    // Someone else's allowance is their own.
    expect((await openTicket(rated, await createUser(rated))).statusCode).toBe(201);
  });

  it('a ticket the schema refuses does not count', async () => {
    const user = await createUser(rated);
    for (let i = 0; i < PER_HOUR + 5; i++) {
      const res = await rated.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: auth(user.token),
        payload: { subject: 'Hi', message: 'short' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await openTicket(rated, user)).statusCode).toBe(201);
  });
});

describe('tickets waiting for support', () => {
  it('30 at once: only the cap opens, the rest is 409; an answered or closed ticket frees a place', async () => {
    const user = await createUser(capped);
    const answers = await burst(capped, user, 30);
    expect(statusCounts(answers)).toEqual({ 201: OPEN, 409: 30 - OPEN });
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(MSG.ticketsOpenTooMany);
    expect(await ticketsOf(capped, user.id)).toBe(OPEN);

    const [first, second] = answers.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    const answer = await capped.inject({
      method: 'POST',
      url: `/api/admin/tickets/${first}/messages`,
      headers: auth(admin.token),
      payload: { message: 'It arrived, please check again.' },
    });
    expect(answer.statusCode).toBe(201);
    expect((await openTicket(capped, user)).statusCode).toBe(201);
    expect((await openTicket(capped, user)).statusCode).toBe(409);

    const close = await capped.inject({
      method: 'PATCH',
      url: `/api/admin/tickets/${second}/status`,
      headers: auth(admin.token),
      payload: { status: 'closed' },
    });
    expect(close.statusCode).toBe(200);
    expect((await openTicket(capped, user)).statusCode).toBe(201);

    // The user's reply to the answered ticket makes it wait for support again.
    const reply = await capped.inject({
      method: 'POST',
      url: `/api/tickets/${first}/messages`,
      headers: auth(user.token),
      payload: { message: 'Still nothing.' },
    });
    expect(reply.statusCode).toBe(201);
    expect((await openTicket(capped, user)).statusCode).toBe(409);
  });
});
