import {
  auditLog,
  checkLedgerInvariants,
  getBalances,
  journalEntries,
  notifications,
  pendingRequestCounts,
  topups,
} from '@app/db';
import { MSG } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser } from '../../test/helpers.ts';
import { collect, connected, listen, next } from '../../test/socket-client.ts';
import { buildTopupsApp, requestTopup } from './topups.fixtures.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let url: string;
let admin: TestUser;
let admin2: TestUser;
beforeAll(async () => {
  ({ app, close } = await buildTopupsApp());
  url = await listen(app);
  [admin, admin2] = await Promise.all([
    createUser(app, { role: 'admin' }),
    createUser(app, { role: 'superadmin' }),
  ]);
});
afterAll(async () => {
  await close();
});
afterEach(async () => {
  expect(await checkLedgerInvariants(app.db)).toEqual([]);
});

const approve = (id: string, token = admin.token) =>
  app.inject({ method: 'PUT', url: `/api/topups/${id}/approve`, headers: auth(token) });
const reject = (id: string, payload?: object, token = admin.token) =>
  app.inject({ method: 'PUT', url: `/api/topups/${id}/reject`, headers: auth(token), payload });
const rechargesOf = (topupId: string) =>
  app.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.reference, topupId), eq(journalEntries.type, 'recharge')));
const auditOf = (topupId: string) => app.db.select().from(auditLog).where(eq(auditLog.targetId, topupId));
const noticesOf = (userId: string) =>
  app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('PUT /api/topups/:id/approve', () => {
  it('credits the amount once as a recharge, audits the decision and tells the user', async () => {
    const user = await createUser(app);
    const topup = await requestTopup(app, user.token, '1234.50');

    const res = await approve(topup.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.requestApproved);
    expect(res.json().topup).toMatchObject({
      id: topup.id,
      status: 'approved',
      remarks: null,
      amount: 1234.5,
    });
    expect(res.json().topup.decidedAt).toEqual(expect.any(String));

    expect((await getBalances(app.db, user.id)).real).toBe(123_450n);
    const entries = await rechargesOf(topup.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: user.id, account: 'real', createdBy: admin.id });
    const [row] = await app.db.select().from(topups).where(eq(topups.id, topup.id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: admin.id, journalEntryId: entries[0]?.id });

    const [entry] = await auditOf(topup.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'topup.approve',
      targetType: 'topup',
      before: { status: 'pending', amount: '123450', userId: user.id },
      after: { status: 'approved', balanceAfter: '123450' },
    });
    expect(await noticesOf(user.id)).toMatchObject([
      {
        type: 'credit',
        title: 'Top-up approved',
        body: '₹1,234.50 was added to your balance.',
        data: { topupId: topup.id, amount: 1234.5, status: 'approved', remarks: null },
      },
    ]);
  });

  it('lets exactly one of ten concurrent approvals by two admins through', async () => {
    const user = await createUser(app);
    const topup = await requestTopup(app, user.token, '300');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => approve(topup.id, i % 2 ? admin2.token : admin.token)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toBe(MSG.requestAlreadyDecided);
    }
    expect(await rechargesOf(topup.id)).toHaveLength(1);
    expect((await getBalances(app.db, user.id)).real).toBe(30_000n);
    expect(await auditOf(topup.id)).toHaveLength(1);
    expect(await noticesOf(user.id)).toHaveLength(1);
  });

  it('refuses a decided top-up and an unknown one', async () => {
    const user = await createUser(app);
    const topup = await requestTopup(app, user.token);
    expect((await approve(topup.id)).statusCode).toBe(200);
    const again = await reject(topup.id, { remarks: 'too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.requestAlreadyDecided);
    expect((await approve('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getBalances(app.db, user.id)).real).toBe(123_450n);
  });
});

describe('PUT /api/topups/:id/reject', () => {
  it('rejects with "Rejected" when no remarks are given, moving no money', async () => {
    const user = await createUser(app);
    const topup = await requestTopup(app, user.token, '50');
    const res = await reject(topup.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.requestRejected,
      topup: { status: 'rejected', remarks: 'Rejected' },
    });
    expect(await rechargesOf(topup.id)).toEqual([]);
    expect((await getBalances(app.db, user.id)).real).toBe(0n);
  });

  it('shows the remarks to the user, records them as the reason, and is final', async () => {
    const user = await createUser(app);
    const topup = await requestTopup(app, user.token, '50');
    const res = await reject(topup.id, { remarks: '  Voucher unreadable  ' });
    expect(res.json().topup.remarks).toBe('Voucher unreadable');

    const [entry] = await auditOf(topup.id);
    expect(entry).toMatchObject({
      action: 'topup.reject',
      reason: 'Voucher unreadable',
      before: { status: 'pending' },
      after: { status: 'rejected', remarks: 'Voucher unreadable', journalEntryId: null },
    });
    expect(await noticesOf(user.id)).toMatchObject([
      {
        type: 'system',
        title: 'Top-up rejected',
        body: 'Your top-up of ₹50.00 was rejected: Voucher unreadable',
        data: { topupId: topup.id, amount: 50, status: 'rejected', remarks: 'Voucher unreadable' },
      },
    ]);

    const approveAfter = await approve(topup.id);
    expect(approveAfter.statusCode).toBe(409);
    expect(approveAfter.json().message).toBe(MSG.requestAlreadyDecided);
    expect(await rechargesOf(topup.id)).toEqual([]);
  });
});

describe('roles', () => {
  it('refuses a user token on every admin route, and lets no user see another’s top-ups', async () => {
    const [owner, other] = await Promise.all([createUser(app), createUser(app)]);
    const topup = await requestTopup(app, owner.token);
    for (const token of [owner.token, other.token]) {
      const answers = [
        await app.inject({ method: 'GET', url: '/api/topups?status=all', headers: auth(token) }),
        await approve(topup.id, token),
        await reject(topup.id, { remarks: 'x' }, token),
        // The role check comes before validation.
        await reject(topup.id, { remarks: 42 }, token),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    const anonymous = await app.inject({ method: 'PUT', url: `/api/topups/${topup.id}/approve` });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await app.db.select().from(topups).where(eq(topups.id, topup.id));
    expect(row?.status).toBe('pending');

    const othersList = await app.inject({ method: 'GET', url: '/api/topups/my', headers: auth(other.token) });
    expect(othersList.json().items).toEqual([]);
    const othersVoucher = await app.inject({
      method: 'GET',
      url: `/api/topups/${topup.id}/voucher`,
      headers: auth(other.token),
    });
    expect(othersVoucher.statusCode).toBe(404);
  });
});

describe('live events', () => {
  it('tells the user of an approval and the admins of the pending count', async () => {
    const user = await createUser(app);
    const [userSocket, adminSocket] = await Promise.all([
      connected(url, user.token),
      connected(url, admin.token),
    ]);
    try {
      const { pendingTopups } = await pendingRequestCounts(app.db);

      const created = next(userSocket, 'topup:updated');
      const raised = next(adminSocket, 'admin:badges');
      const topup = await requestTopup(app, user.token, '250');
      expect((await created).topup).toMatchObject({ id: topup.id, status: 'pending' });
      expect((await raised).pendingTopups).toBe(pendingTopups + 1);

      const notified = next(userSocket, 'notification');
      const balance = next(userSocket, 'balance');
      const decided = next(userSocket, 'topup:updated');
      const lowered = next(adminSocket, 'admin:badges');
      expect((await approve(topup.id)).statusCode).toBe(200);

      const { notification, unread } = await notified;
      expect(notification).toMatchObject({ type: 'credit', title: 'Top-up approved', read: false });
      expect(unread).toBe(1);
      expect(await balance).toMatchObject({ real: 250, reason: 'recharge' });
      expect((await decided).topup).toMatchObject({ id: topup.id, status: 'approved' });
      expect((await lowered).pendingTopups).toBe(pendingTopups);
    } finally {
      userSocket.disconnect();
      adminSocket.disconnect();
    }
  });

  it('tells the user of a rejection, with no balance event', async () => {
    const user = await createUser(app);
    const socket = await connected(url, user.token);
    try {
      const topup = await requestTopup(app, user.token, '10');
      const balances = collect(socket, 'balance', 1, 500).catch(() => []);
      const notified = next(socket, 'notification');
      expect((await reject(topup.id, { remarks: 'Duplicate' })).statusCode).toBe(200);
      expect((await notified).notification).toMatchObject({ type: 'system', title: 'Top-up rejected' });
      expect(await balances).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});
