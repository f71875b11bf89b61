import { auditLog, checkLedgerInvariants, journalEntries, notifications, users, withdrawals } from '@app/db';
import { MSG, type Withdrawal, type WithdrawalDetail } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, next, record } from '../../test/socket-client.ts';
import { balancesOf, fund } from '../../test/trade-fixtures.ts';
import { BANK, bankedUser, decide, newKey, pendingWithdrawal, withdraw } from './withdrawals.fixtures.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let admin: TestUser;

beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await close();
});
afterEach(async () => {
  expect(await checkLedgerInvariants(app.db)).toEqual([]);
});

const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const entriesOf = (id: string) =>
  app.db.select().from(journalEntries).where(eq(journalEntries.reference, id));

describe('POST /api/withdrawals', () => {
  it('debits the amount at once and answers the pending request with the balances after it', async () => {
    const user = await bankedUser(app, 1000);
    const res = await withdraw(app, user.token, { amount: 250.5, method: 'bank' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG.withdrawalSubmitted);
    expect(body.balances).toEqual({ real: 749.5, practice: 100_000 });
    const w: Withdrawal = body.withdrawal;
    expect(w).toMatchObject({
      amount: 250.5,
      charge: 0,
      rate: 1,
      currency: 'INR',
      method: 'bank',
      status: 'pending',
      remarks: null,
      bank: BANK,
      history: [{ status: 'pending', at: w.createdAt, remarks: null }],
    });
    expect(w.trxNumber).toMatch(/^WD\d{6}[A-Z2-7]{6}$/);
    expect((await balancesOf(app, user.id)).real).toBe(749.5);
    const entries = await entriesOf(w.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'withdrawal', userId: user.id, account: 'real' });
  });

  it.each([[{ amount: 0 }], [{ amount: -5 }], [{ amount: 'abc' }], [{ amount: 1.234 }], [{}]])(
    'refuses the amount of %j with the spec message',
    async (payload) => {
      const user = await bankedUser(app, 100);
      const res = await withdraw(app, user.token, { method: 'bank', ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.tradeAmountInvalid);
    },
  );

  it('refuses more than the balance, moving nothing', async () => {
    const user = await bankedUser(app, 100);
    const res = await withdraw(app, user.token, { amount: 100.01, method: 'bank' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.withdrawalAboveAvailable);
    expect((await balancesOf(app, user.id)).real).toBe(100);
    expect(await app.db.$count(withdrawals, eq(withdrawals.userId, user.id))).toBe(0);
  });

  it('leaves the amount on hold: above balance minus hold is refused, exactly the rest goes', async () => {
    const user = await bankedUser(app, 1000);
    await app.db
      .update(users)
      .set({ freezAmount: 40_000n, freezReason: 'Verification' })
      .where(eq(users.id, user.id));
    const refused = await withdraw(app, user.token, { amount: 600.01, method: 'bank' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.withdrawalAboveAvailable);
    expect((await balancesOf(app, user.id)).real).toBe(1000);
    expect(await app.db.$count(withdrawals, eq(withdrawals.userId, user.id))).toBe(0);

    const ok = await withdraw(app, user.token, { amount: 600, method: 'bank' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().balances.real).toBe(400);
    const more = await withdraw(app, user.token, { amount: 0.01, method: 'bank' });
    expect(more.json().message).toBe(MSG.withdrawalAboveAvailable);
  });

  describe('bank details', () => {
    it('are required when the profile lacks any of them', async () => {
      const user = await createUser(app);
      await fund(app, user.id, 500);
      await app.db
        .update(users)
        .set({ ...BANK, bankName: null })
        .where(eq(users.id, user.id));
      for (const payload of [
        { amount: 10, method: 'bank' },
        { amount: 10, method: 'bank', accountHolderName: 'Asha Verma', bankAccountNumber: '123456789012' },
        { amount: 10, method: 'bank', ...BANK, ifscCode: '  ' },
      ]) {
        const res = await withdraw(app, user.token, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MSG.withdrawalBankRequired);
      }
      expect((await balancesOf(app, user.id)).real).toBe(500);
    });

    it('sent with the request are checked with the bank form’s messages', async () => {
      const user = await createUser(app);
      await fund(app, user.id, 500);
      for (const [bank, message] of [
        [{ ...BANK, ifscCode: 'SBIN1234567' }, MSG.ifscInvalid],
        [{ ...BANK, bankAccountNumber: '12ab' }, MSG.bankAccountInvalid],
      ] as const) {
        const res = await withdraw(app, user.token, { amount: 10, method: 'bank', ...bank });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const [profile] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(profile?.bankAccountNumber).toBeNull();
      expect((await balancesOf(app, user.id)).real).toBe(500);
    });

    it('sent with the request are saved to the profile and snapshotted on the withdrawal', async () => {
      const user = await createUser(app);
      await fund(app, user.id, 500);
      const res = await withdraw(app, user.token, {
        amount: 10,
        method: 'bank',
        ...BANK,
        ifscCode: 'sbin0001234',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().withdrawal.bank).toEqual(BANK);
      const me = await get(user.token, '/api/auth/me');
      expect(me.json().user).toMatchObject(BANK);

      // Later requests use the saved details; new ones replace them for the next request only.
      const other = { ...BANK, bankName: 'HDFC Bank', ifscCode: 'HDFC0000123' };
      const again = await withdraw(app, user.token, { amount: 10, method: 'bank', ...other });
      expect(again.json().withdrawal.bank).toEqual(other);
      const first = await get(user.token, `/api/withdrawals/${res.json().withdrawal.id}`);
      expect(first.json().withdrawal.bank).toEqual(BANK);
      expect(first.json().withdrawal.userBank).toEqual(other);
    });

    it('a partial set is refused even with a complete profile', async () => {
      const user = await bankedUser(app, 500);
      const res = await withdraw(app, user.token, {
        amount: 10,
        method: 'bank',
        bankAccountNumber: '999999999',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.bankFieldsRequired);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the first request and moves nothing', async () => {
      const user = await bankedUser(app, 1000);
      const key = newKey();
      const first = await withdraw(app, user.token, { amount: 100, method: 'bank' }, key);
      const retry = await withdraw(app, user.token, { amount: 100, method: 'bank' }, key);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().withdrawal).toEqual(first.json().withdrawal);
      expect((await balancesOf(app, user.id)).real).toBe(900);
    });

    it('refuses the same key for another amount, and a malformed key', async () => {
      const user = await bankedUser(app, 1000);
      const key = newKey();
      await withdraw(app, user.token, { amount: 100, method: 'bank' }, key);
      const reused = await withdraw(app, user.token, { amount: 200, method: 'bank' }, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().message).toBe(MSG.idempotencyKeyReusedRequest);
      const bad = await withdraw(app, user.token, { amount: 100, method: 'bank' }, 'no spaces!');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MSG.idempotencyKeyInvalid);
      expect((await balancesOf(app, user.id)).real).toBe(900);
    });

    it('is per user: another user’s key does not answer with their request', async () => {
      const [a, b] = [await bankedUser(app, 100), await bankedUser(app, 100)];
      const key = newKey();
      const first = await withdraw(app, a.token, { amount: 50, method: 'bank' }, key);
      const second = await withdraw(app, b.token, { amount: 50, method: 'bank' }, key);
      expect(second.statusCode).toBe(201);
      expect(second.json().withdrawal.id).not.toBe(first.json().withdrawal.id);
    });
  });

  it('needs a login', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/withdrawals', payload: { amount: 10 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/withdrawals/my', () => {
  it('lists the caller’s own requests, newest first, 5 per page, by status', async () => {
    const user = await bankedUser(app, 1000);
    const other = await bankedUser(app, 1000);
    await pendingWithdrawal(app, other, 1);
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await pendingWithdrawal(app, user, i));
    const decided = ids[0] as string;
    await decide(app, admin.token, decided, { status: 'rejected', remarks: 'Wrong account' });

    const page1 = (await get(user.token, '/api/withdrawals/my')).json();
    expect(page1.pagination).toEqual({ total: 7, page: 1, limit: 5, pages: 2 });
    expect(page1.items.map((w: Withdrawal) => w.amount)).toEqual([7, 6, 5, 4, 3]);
    const page2 = (await get(user.token, '/api/withdrawals/my?page=2')).json();
    expect(page2.items.map((w: Withdrawal) => w.amount)).toEqual([2, 1]);

    const rejected = (await get(user.token, '/api/withdrawals/my?status=rejected')).json();
    expect(rejected.pagination.total).toBe(1);
    const [w] = rejected.items as Withdrawal[];
    expect(w?.history).toEqual([
      { status: 'pending', at: w?.createdAt, remarks: null },
      { status: 'rejected', at: expect.any(String), remarks: 'Wrong account' },
    ]);
    expect((await get(user.token, '/api/withdrawals/my?status=all')).json().pagination.total).toBe(7);
    expect((await get(user.token, '/api/withdrawals/my?status=pending')).json().pagination.total).toBe(6);
  });
});

describe('admin routes', () => {
  it('are refused to a user', async () => {
    const user = await bankedUser(app, 100);
    const id = await pendingWithdrawal(app, user, 10);
    expect((await get(user.token, '/api/withdrawals')).statusCode).toBe(403);
    const res = await decide(app, user.token, id, { status: 'approved', remarks: 'mine' });
    expect(res.statusCode).toBe(403);
    expect((await get(user.token, `/api/withdrawals/${id}`)).json().withdrawal.status).toBe('pending');
  });

  it('list everybody’s requests with their users, filtered by status and search', async () => {
    const user = await bankedUser(app, 1000);
    await app.db.update(users).set({ firstName: 'Zubin', lastName: 'Quraishi' }).where(eq(users.id, user.id));
    const first = await pendingWithdrawal(app, user, 11);
    await pendingWithdrawal(app, user, 12);
    await decide(app, admin.token, first, { status: 'approved', remarks: 'Paid' });

    const all = (await get(admin.token, `/api/withdrawals?search=${user.username.toUpperCase()}`)).json();
    expect(all.pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1 });
    expect(all.items[0]).toMatchObject({
      amount: 12,
      user: {
        id: user.id,
        firstName: 'Zubin',
        lastName: 'Quraishi',
        username: user.username,
        email: user.email,
      },
    });
    const trx = all.items[1].trxNumber as string;
    for (const search of ['zubin', 'QURAISHI', 'zubin quraishi', user.email, trx.toLowerCase()]) {
      const found = (await get(admin.token, `/api/withdrawals?search=${encodeURIComponent(search)}`)).json();
      expect(found.items.length, search).toBeGreaterThan(0);
      expect(
        found.items.every((w: { user: { id: string } }) => w.user.id === user.id),
        search,
      ).toBe(true);
    }
    const byTrx = (await get(admin.token, `/api/withdrawals?search=${trx}`)).json();
    expect(byTrx.items.map((w: Withdrawal) => w.id)).toEqual([first]);
    const approved = (
      await get(admin.token, `/api/withdrawals?status=approved&search=${user.username}`)
    ).json();
    expect(approved.items.map((w: Withdrawal) => w.id)).toEqual([first]);
    const byMethod = (await get(admin.token, '/api/withdrawals?search=BANK&limit=1')).json();
    expect(byMethod.pagination.total).toBeGreaterThanOrEqual(2);
    expect((await get(admin.token, '/api/withdrawals?search=nobody-matches-this')).json().items).toEqual([]);
  });
});

describe('GET /api/withdrawals/:id', () => {
  it('shows the owner their own request and nobody else’s', async () => {
    const owner = await bankedUser(app, 100);
    const stranger = await bankedUser(app, 100);
    const id = await pendingWithdrawal(app, owner, 40);
    const mine = await get(owner.token, `/api/withdrawals/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().withdrawal).toMatchObject({
      id,
      ledgerEntry: null,
      returnEntry: null,
      userBank: BANK,
    });

    const theirs = await get(stranger.token, `/api/withdrawals/${id}`);
    expect(theirs.statusCode).toBe(404);
    const list = (await get(stranger.token, '/api/withdrawals/my')).json();
    expect(list.items.map((w: Withdrawal) => w.id)).not.toContain(id);
  });

  it('answers 404 with the same message for an unknown id and for one that is no id', async () => {
    const res = await get(admin.token, '/api/withdrawals/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.notFound);
    const malformed = await get(admin.token, '/api/withdrawals/WD0001');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(MSG.notFound);
  });
});

describe('PUT /api/withdrawals/:id/status', () => {
  it('approves without moving money, once, on the record, and tells the user', async () => {
    const user = await bankedUser(app, 1000);
    const id = await pendingWithdrawal(app, user, 300);
    const res = await decide(app, admin.token, id, { status: 'approved', remarks: ' Paid by IMPS ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.withdrawalApproved);
    const w: WithdrawalDetail = res.json().withdrawal;
    expect(w).toMatchObject({ id, status: 'approved', remarks: 'Paid by IMPS', returnEntry: null });
    expect(w.ledgerEntry).toMatchObject({
      type: 'withdrawal',
      direction: 'debit',
      amount: 300,
      balanceAfter: 700,
    });
    expect(w.history.map((h) => h.status)).toEqual(['pending', 'approved']);
    expect((await balancesOf(app, user.id)).real).toBe(700);
    expect(await entriesOf(id)).toHaveLength(1);

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'withdrawal', reason: 'Paid by IMPS' });
    expect(audit?.before).toMatchObject({ status: 'pending', amount: '30000' });
    expect(audit?.after).toMatchObject({ status: 'approved', remarks: 'Paid by IMPS' });

    const [note] = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ type: 'withdrawal', title: 'Withdrawal approved' });
    expect(note?.body).toContain('₹300.00');
    expect(note?.body).toContain(w.trxNumber);
    expect(note?.body).toContain('Paid by IMPS');
    expect(note?.data).toEqual({
      withdrawalId: id,
      amount: 300,
      trxNumber: w.trxNumber,
      status: 'approved',
      remarks: 'Paid by IMPS',
    });

    const again = await decide(app, admin.token, id, { status: 'rejected', remarks: 'Oops' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.requestAlreadyDecided);
    expect((await balancesOf(app, user.id)).real).toBe(700);
  });

  it('rejects by returning the amount, with both entries on the detail', async () => {
    const user = await bankedUser(app, 1000);
    const id = await pendingWithdrawal(app, user, 300);
    const res = await decide(app, admin.token, id, { status: 'rejected', remarks: 'Account closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.withdrawalRejected);
    const w: WithdrawalDetail = res.json().withdrawal;
    expect(w.ledgerEntry).toMatchObject({ type: 'withdrawal', direction: 'debit', amount: 300 });
    expect(w.returnEntry).toMatchObject({
      type: 'withdrawal_return',
      direction: 'credit',
      amount: 300,
      balanceAfter: 1000,
      reference: id,
    });
    expect((await balancesOf(app, user.id)).real).toBe(1000);
    const detail = (await get(user.token, `/api/withdrawals/${id}`)).json().withdrawal;
    expect(detail).toEqual(w);
    expect(
      await app.db.$count(auditLog, and(eq(auditLog.action, 'withdrawal.reject'), eq(auditLog.targetId, id))),
    ).toBe(1);
  });

  it.each([
    [{ status: 'maybe', remarks: 'x' }, 400, MSG.invalidStatus],
    [{ status: 'pending', remarks: 'x' }, 400, MSG.invalidStatus],
    [{ status: 'approved' }, 400, MSG.remarksRequired],
    [{ status: 'rejected', remarks: '   ' }, 400, MSG.remarksRequired],
  ])('refuses %j', async (payload, status, message) => {
    const user = await bankedUser(app, 100);
    const id = await pendingWithdrawal(app, user, 10);
    const res = await decide(app, admin.token, id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await get(admin.token, `/api/withdrawals/${id}`)).json().withdrawal.status).toBe('pending');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await decide(app, admin.token, '00000000-0000-4000-8000-000000000000', {
      status: 'approved',
      remarks: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('live events', () => {
  let url: string;
  beforeAll(async () => {
    url = await listen(app);
  });

  it('a request updates the user’s balance and the admins’ badges', async () => {
    const user = await bankedUser(app, 500);
    const [userSocket, adminSocket] = await Promise.all([
      connected(url, user.token),
      connected(url, admin.token),
    ]);
    try {
      const balance = next(userSocket, 'balance');
      const updated = next(userSocket, 'withdrawal:updated');
      const badges = next(adminSocket, 'admin:badges');
      const id = await pendingWithdrawal(app, user, 200);
      expect(await balance).toMatchObject({ real: 300, reason: 'withdrawal' });
      expect((await updated).withdrawal).toMatchObject({ id, status: 'pending' });
      expect((await badges).pendingWithdrawals).toBeGreaterThanOrEqual(1);
    } finally {
      userSocket.disconnect();
      adminSocket.disconnect();
    }
  });

  it('a rejection reaches the user (notification, balance, status) and the admins (badges)', async () => {
    const user = await bankedUser(app, 500);
    const id = await pendingWithdrawal(app, user, 200);
    const [userSocket, adminSocket] = await Promise.all([
      connected(url, user.token),
      connected(url, admin.token),
    ]);
    try {
      const stranger = await connected(url, (await bankedUser(app, 0)).token);
      const overheard = record(stranger, 'notification');
      const notification = next(userSocket, 'notification');
      const balance = next(userSocket, 'balance');
      const updated = next(userSocket, 'withdrawal:updated');
      const badges = next(adminSocket, 'admin:badges');
      const res = await decide(app, admin.token, id, { status: 'rejected', remarks: 'Name mismatch' });
      expect(res.statusCode).toBe(200);

      const n = await notification;
      expect(n.notification).toMatchObject({ type: 'withdrawal', title: 'Withdrawal rejected', read: false });
      expect(n.notification.data).toMatchObject({
        withdrawalId: id,
        status: 'rejected',
        remarks: 'Name mismatch',
      });
      expect(n.unread).toBe(1);
      expect(await balance).toMatchObject({ real: 500, reason: 'withdrawal_return' });
      expect((await updated).withdrawal).toMatchObject({ id, status: 'rejected', remarks: 'Name mismatch' });
      const counts = await badges;
      expect(counts).toEqual({
        pendingTopups: expect.any(Number),
        pendingWithdrawals: await app.db.$count(withdrawals, eq(withdrawals.status, 'pending')),
      });
      expect(overheard).toEqual([]);
      stranger.disconnect();
    } finally {
      userSocket.disconnect();
      adminSocket.disconnect();
    }
  });
});
