import { auditLog, notifications } from '@app/db';
import { MSG } from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, next, record } from '../../test/socket-client.ts';
import { fund } from '../../test/trade-fixtures.ts';

let app: FastifyInstance;
let admin: TestUser;
let url: string;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { role: 'admin' });
  url = await listen(app);
});
afterAll(async () => {
  await app.close();
});

const hold = (token: string, userId: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/users/${userId}/hold`,
    headers: auth(token),
    payload: payload as object,
  });
const me = async (user: TestUser) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.token) })).json().user;
const holdAudits = (userId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.hold'), eq(auditLog.targetId, userId)))
    .orderBy(desc(auditLog.id));
const notificationsOf = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));

describe('PUT /api/admin/users/:id/hold', () => {
  it('puts funds on hold: audited, notified live, and shown on the user’s profile', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 5000);
    const socket = await connected(url, user.token);
    try {
      const held = next(socket, 'hold');
      const told = next(socket, 'notification');
      const res = await hold(admin.token, user.id, { freezAmount: 1500.5, reason: '  KYC review  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: MSG.holdUpdated,
        user: { id: user.id, balance: 5000, freezAmount: 1500.5, freezReason: 'KYC review' },
      });
      expect(await held).toEqual({ freezAmount: 1500.5, freezReason: 'KYC review' });
      const event = await told;
      expect(event.unread).toBe(1);
      expect(event.notification).toMatchObject({ type: 'system', title: 'Funds on hold', read: false });
      expect(event.notification.body).toContain('1,500.50');
      expect(event.notification.body).toContain('KYC review');
    } finally {
      socket.disconnect();
    }

    expect(await me(user)).toMatchObject({ freezAmount: 1500.5, freezReason: 'KYC review', balance: 5000 });
    const [row] = await holdAudits(user.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      targetType: 'user',
      reason: 'KYC review',
      before: { freezAmount: '0', freezReason: null },
      after: { freezAmount: '150050', freezReason: 'KYC review' },
    });
    expect(await notificationsOf(user.id)).toHaveLength(1);
  });

  it('releases a hold with 0: the reason goes to the record and the notification, the field clears', async () => {
    const user = await createUser(app);
    expect((await hold(admin.token, user.id, { freezAmount: '200', reason: 'Chargeback' })).statusCode).toBe(
      200,
    );
    const socket = await connected(url, user.token);
    try {
      const held = next(socket, 'hold');
      const res = await hold(admin.token, user.id, { freezAmount: 0, reason: 'Cleared' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ freezAmount: 0, freezReason: null });
      expect(await held).toEqual({ freezAmount: 0, freezReason: null });
    } finally {
      socket.disconnect();
    }
    expect(await me(user)).toMatchObject({ freezAmount: 0, freezReason: null });
    const [release, set] = await holdAudits(user.id);
    expect(release).toMatchObject({
      reason: 'Cleared',
      before: { freezAmount: '20000', freezReason: 'Chargeback' },
      after: { freezAmount: '0', freezReason: null },
    });
    expect(set?.reason).toBe('Chargeback');
    const [latest] = await notificationsOf(user.id);
    expect(latest).toMatchObject({ type: 'system', title: 'Hold released' });
    expect(latest?.body).toContain('200.00');
    expect(latest?.body).toContain('Cleared');
  });

  it.each([
    [{ freezAmount: 10 }, MSG.reasonRequired],
    [{ freezAmount: 10, reason: '' }, MSG.reasonRequired],
    [{ freezAmount: 10, reason: '   ' }, MSG.reasonRequired],
    [{ freezAmount: 10, reason: 7 }, MSG.reasonRequired],
    [{ freezAmount: -1, reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: 'abc', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: 1.005, reason: 'x' }, MSG.tradeAmountInvalid],
    [{ reason: 'x' }, MSG.tradeAmountInvalid],
    // The amount rule of every money route, with 0 allowed: nothing else slips through as 0 or 16.
    [{ freezAmount: 1e-9, reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: '0x10', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: '1e3', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: ' 10', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: '10.001', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: 'Infinity', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: '-0', reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: null, reason: 'x' }, MSG.tradeAmountInvalid],
    [{ freezAmount: 10, reason: 'Review\u0000' }, MSG.textControlCharacters],
  ])('%o answers 400 %s and changes nothing', async (payload, message) => {
    const user = await createUser(app);
    const res = await hold(admin.token, user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await me(user)).toMatchObject({ freezAmount: 0, freezReason: null });
    expect(await holdAudits(user.id)).toHaveLength(0);
  });

  it('answers 400 reason required to an empty body', async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/hold`,
      headers: { ...auth(admin.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
  });

  it('is refused to users, with nothing written', async () => {
    const user = await createUser(app);
    const victim = await createUser(app);
    const socket = await connected(url, victim.token);
    const holds = record(socket, 'hold');
    try {
      const res = await hold(user.token, victim.id, { freezAmount: 10, reason: 'x' });
      expect(res.statusCode).toBe(403);
      const self = await hold(user.token, user.id, { freezAmount: 0, reason: 'x' });
      expect(self.statusCode).toBe(403);
    } finally {
      socket.disconnect();
    }
    expect(holds).toEqual([]);
    expect(await holdAudits(victim.id)).toHaveLength(0);
    expect(await notificationsOf(victim.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await hold(admin.token, id, { freezAmount: 10, reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
  });

  it('takes amounts as strings of plain digits, 0 included', async () => {
    const user = await createUser(app);
    const set = await hold(admin.token, user.id, { freezAmount: '250.75', reason: 'Review' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ freezAmount: 250.75, freezReason: 'Review' });
    const released = await hold(admin.token, user.id, { freezAmount: '0', reason: 'Done' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().user).toMatchObject({ freezAmount: 0, freezReason: null });
    const [release, hold1] = await holdAudits(user.id);
    expect(hold1?.after).toMatchObject({ freezAmount: '25075' });
    expect(release?.after).toMatchObject({ freezAmount: '0' });
  });

  it('lets only a superadmin hold an admin’s or a superadmin’s funds', async () => {
    const top = await createUser(app, { role: 'superadmin' });
    const other = await createUser(app, { role: 'superadmin' });
    const peer = await createUser(app, { role: 'admin' });
    for (const target of [top, peer]) {
      const refused = await hold(admin.token, target.id, { freezAmount: 10, reason: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.holdAdminAccount);
      expect(await holdAudits(target.id)).toHaveLength(0);
      expect(await me(target)).toMatchObject({ freezAmount: 0 });
    }
    for (const target of [top, peer]) {
      const allowed = await hold(other.token, target.id, { freezAmount: 10, reason: 'Audit' });
      expect(allowed.statusCode, allowed.body).toBe(200);
      const [row] = await holdAudits(target.id);
      expect(row).toMatchObject({ actorId: other.id, actorRole: 'superadmin' });
    }
  });

  it('refuses a hold on one’s own account, to an admin and to a superadmin', async () => {
    const top = await createUser(app, { role: 'superadmin' });
    for (const self of [admin, top]) {
      for (const freezAmount of [10, 0]) {
        const res = await hold(self.token, self.id, { freezAmount, reason: 'Mine' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.holdOwnAccount);
      }
      expect(await holdAudits(self.id)).toHaveLength(0);
      expect(await me(self)).toMatchObject({ freezAmount: 0 });
    }
  });
});
