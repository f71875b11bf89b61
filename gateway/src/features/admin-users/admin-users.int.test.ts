import { auditLog, journalEntries, notifications, users } from '@app/db';
import { MSG } from '@app/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  createUser,
  enrollTwoFactor,
  suffix,
  type TestUser,
} from '../../test/helpers.ts';
import { connected, listen, next } from '../../test/socket-client.ts';
import { balancesOf, fund, newKey } from '../../test/trade-fixtures.ts';

let app: FastifyInstance;
let url: string;
let admin: TestUser;
let superadmin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  url = await listen(app);
  admin = await createUser(app, { role: 'admin' });
  superadmin = await createUser(app, { role: 'superadmin' });
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, token?: string, payload?: unknown, headers = {}) =>
  app.inject({
    method,
    url: path,
    headers: { ...(token ? auth(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const adjust = (token: string, userId: string, payload: unknown, key: string = newKey()) =>
  call('POST', `/api/admin/users/${userId}/balance-adjustments`, token, payload, { 'idempotency-key': key });

const auditsOf = (userId: string, action: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));
const adjustmentsOf = (userId: string) =>
  app.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.type, 'admin_adjustment')))
    .orderBy(asc(journalEntries.id));
const notificationsOf = (userId: string) =>
  app.db.select().from(notifications).where(eq(notifications.userId, userId));
const login = (identifier: string, password: string) =>
  call('POST', '/api/auth/login', undefined, { identifier, password });

/** Every route of the screen, on a target user; each answers 2xx to an admin. */
function routes(target: () => string) {
  return [
    { name: 'list', method: 'GET' as const, path: () => '/api/admin/users' },
    { name: 'export', method: 'GET' as const, path: () => '/api/admin/users/export.csv' },
    { name: 'detail', method: 'GET' as const, path: () => `/api/admin/users/${target()}` },
    {
      name: 'update',
      method: 'PUT' as const,
      path: () => `/api/admin/users/${target()}`,
      body: { firstName: 'Edited' },
    },
    {
      name: 'ban',
      method: 'POST' as const,
      path: () => `/api/admin/users/${target()}/ban`,
      body: { reason: 'abuse' },
    },
    { name: 'unban', method: 'POST' as const, path: () => `/api/admin/users/${target()}/unban` },
    {
      name: 'password',
      method: 'PUT' as const,
      path: () => `/api/admin/users/${target()}/password`,
      body: { newPassword: 'another-secret' },
    },
    {
      name: 'balance',
      method: 'POST' as const,
      path: () => `/api/admin/users/${target()}/balance-adjustments`,
      body: { type: 'credit', amount: 10, remarks: 'goodwill' },
      headers: () => ({ 'idempotency-key': newKey() }),
    },
    {
      name: 'reputation',
      method: 'POST' as const,
      path: () => '/api/reputation/admin/adjust',
      body: () => ({ userId: target(), setTo: 50 }),
    },
  ];
}

describe('who may call the users routes', () => {
  let target: TestUser;
  beforeAll(async () => {
    target = await createUser(app);
  });
  const all = routes(() => target.id);

  for (const route of all) {
    it(`${route.name}: 401 without a token, 403 for a user, 2xx for an admin and a superadmin`, async () => {
      const body = typeof route.body === 'function' ? route.body() : route.body;
      const headers = route.headers?.() ?? {};
      const user = await createUser(app);
      expect((await call(route.method, route.path(), undefined, body, headers)).statusCode).toBe(401);
      expect((await call(route.method, route.path(), user.token, body, headers)).statusCode).toBe(403);
      for (const who of [admin, superadmin]) {
        const res = await call(route.method, route.path(), who.token, body, route.headers?.() ?? {});
        expect(res.statusCode, `${who.role}: ${res.body}`).toBe(200);
      }
    });
  }
});

describe('a plain admin and the admin accounts', () => {
  it('lists only user accounts to an admin, every account to a superadmin', async () => {
    const tag = `vis${suffix()}`;
    const [u, a, s] = [
      await createUser(app, { username: `${tag}_u` }),
      await createUser(app, { username: `${tag}_a`, role: 'admin' }),
      await createUser(app, { username: `${tag}_s`, role: 'superadmin' }),
    ];
    const listed = async (token: string) => {
      const res = await call('GET', `/api/admin/users?search=${tag}`, token);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const byAdmin = await listed(admin.token);
    expect(byAdmin.users.map((r: { id: string }) => r.id)).toEqual([u.id]);
    expect(byAdmin.total).toBe(1);
    const bySuper = await listed(superadmin.token);
    expect(bySuper.users.map((r: { id: string }) => r.id).sort()).toEqual([u.id, a.id, s.id].sort());
    expect(bySuper.users.find((r: { id: string }) => r.id === s.id)).toMatchObject({
      role: 'superadmin',
      isAdmin: true,
    });

    const csv = (await call('GET', `/api/admin/users/export.csv?search=${tag}`, admin.token)).body;
    expect(csv).toContain(u.username);
    expect(csv).not.toContain(a.username);
    expect(csv).not.toContain(s.username);
  });

  it('refuses an admin every read and write of an admin or superadmin account, and writes nothing', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const other = await createUser(app, { role });
      await fund(app, other.id, 100);
      for (const route of routes(() => other.id).filter((r) => !['list', 'export'].includes(r.name))) {
        const body = typeof route.body === 'function' ? route.body() : route.body;
        const res = await call(route.method, route.path(), admin.token, body, route.headers?.() ?? {});
        expect(res.statusCode, `${route.name} on ${role}`).toBe(403);
      }
      const [row] = await app.db.select().from(users).where(eq(users.id, other.id));
      expect(row).toMatchObject({ firstName: 'Test', bannedAt: null, reputationPoints: 0, tokenVersion: 0 });
      expect(await balancesOf(app, other.id)).toMatchObject({ real: 100 });
      const [{ n }] = (await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where target_id = ${other.id}`,
      )) as unknown as [{ n: number }];
      expect(n).toBe(0);
      // The caller still works: nothing ended its session.
      expect((await call('GET', '/api/auth/me', other.token)).statusCode).toBe(200);
    }
  });

  it('refuses an admin a role change, even on a user account', async () => {
    const user = await createUser(app);
    const res = await call('PUT', `/api/admin/users/${user.id}`, admin.token, { role: 'admin' });
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('user');
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  it('searches username, email and full name, 20 a page, newest first', async () => {
    const tag = `srch${suffix()}`;
    const made: TestUser[] = [];
    for (let i = 0; i < 22; i++) made.push(await createUser(app, { username: `${tag}${i}` }));
    const page1 = (await call('GET', `/api/admin/users?search=${tag}`, admin.token)).json();
    expect(page1).toMatchObject({ total: 22, page: 1, limit: 20, pages: 2 });
    expect(page1.users).toHaveLength(20);
    expect(page1.users[0].id).toBe(made[21]?.id);
    const page2 = (await call('GET', `/api/admin/users?search=${tag}&page=2`, admin.token)).json();
    expect(page2.users.map((r: { id: string }) => r.id)).toEqual([made[1]?.id, made[0]?.id]);

    const named = await createUser(app);
    await app.db
      .update(users)
      .set({ firstName: 'Zanzibar', lastName: `Q${tag}` })
      .where(eq(users.id, named.id));
    const byName = (
      await call('GET', `/api/admin/users?search=${encodeURIComponent(`zanzibar q${tag}`)}`, admin.token)
    ).json();
    expect(byName.users.map((r: { id: string }) => r.id)).toEqual([named.id]);
    const byEmail = (
      await call('GET', `/api/admin/users?search=${encodeURIComponent(made[3]?.email ?? '')}`, admin.token)
    ).json();
    expect(byEmail.users.map((r: { id: string }) => r.id)).toEqual([made[3]?.id]);
    // % and _ are literal characters of the search, not wildcards.
    expect((await call('GET', '/api/admin/users?search=%25%25%25', admin.token)).json().total).toBe(0);
  });

  it('shows balance, hold and ban state', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 1234.5);
    await app.db
      .update(users)
      .set({ freezAmount: 5000n, freezReason: 'check', bannedAt: new Date() })
      .where(eq(users.id, user.id));
    const res = (await call('GET', `/api/admin/users?search=${user.username}`, admin.token)).json();
    expect(res.users[0]).toMatchObject({
      id: user.id,
      balance: 1234.5,
      freezAmount: 50,
      frozen: true,
      banned: true,
      trades: 0,
    });
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('edits names, email, referral flag and bank fields, audited with before and after', async () => {
    const user = await createUser(app);
    const email = `new_${suffix()}@example.com`;
    const res = await call('PUT', `/api/admin/users/${user.id}`, admin.token, {
      firstName: ' Asha ',
      lastName: 'Verma',
      email: email.toUpperCase(),
      hasReferral: true,
      accountHolderName: 'Asha Verma',
      bankAccountNumber: '123456789012',
      bankName: 'SBI',
      ifscCode: 'sbin0001234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.userUpdated,
      user: { firstName: 'Asha', email, hasReferral: true, ifscCode: 'SBIN0001234', role: 'user' },
    });
    const [row] = await auditsOf(user.id, 'user.update');
    expect(row).toMatchObject({
      actorId: admin.id,
      before: { firstName: 'Test', lastName: 'User', email: user.email, hasReferral: false },
      after: { firstName: 'Asha', lastName: 'Verma', email, hasReferral: true, bankName: 'SBI' },
    });
    // The edit is not a session end.
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);
  });

  it('refuses the fields the platform does not have, with nothing written', async () => {
    const user = await createUser(app);
    for (const extra of [{ willWin: true }, { creditScore: 50 }, { freezAmount: 10 }, { isAdmin: true }]) {
      const res = await call('PUT', `/api/admin/users/${user.id}`, superadmin.token, {
        firstName: 'X',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await auditsOf(user.id, 'user.update')).toHaveLength(0);
    const bad = await call('PUT', `/api/admin/users/${user.id}`, admin.token, { email: 'nope' });
    expect(bad.json().message).toBe(MSG.adminEmailInvalid);
  });

  it('lets a superadmin change a role: sessions end, and after signing in again the new role holds', async () => {
    const user = await createUser(app);
    const socket = await connected(url, user.token);
    try {
      const ended = next(socket, 'session:ended');
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const res = await call('PUT', `/api/admin/users/${user.id}`, superadmin.token, { role: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'admin', isAdmin: true });
      expect((await ended).reason).toBe('role_changed');
      await gone;
    } finally {
      socket.disconnect();
    }
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/users', user.token)).statusCode).toBe(401);

    const signedIn = await login(user.username, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'admin', isAdmin: true });
    // A new admin is led to two-factor setup: staff routes wait for it.
    expect(signedIn.json().twoFactorSetupRequired).toBe(true);
    const adminList = await call('GET', '/api/admin/users', signedIn.json().token);
    expect(adminList.statusCode).toBe(403);
    expect(adminList.json().message).toBe(MSG.twoFactorSetupRequired);
    await enrollTwoFactor(app, user.id);
    expect((await call('GET', '/api/admin/users', signedIn.json().token)).statusCode).toBe(200);

    const [row] = await auditsOf(user.id, 'user.role_change');
    expect(row).toMatchObject({
      actorId: superadmin.id,
      actorRole: 'superadmin',
      before: { role: 'user', isAdmin: false },
      after: { role: 'admin', isAdmin: true },
    });
    expect(await auditsOf(user.id, 'user.update')).toHaveLength(0);
  });

  it('refuses a superadmin their own role change', async () => {
    const own = await createUser(app, { role: 'superadmin' });
    const res = await call('PUT', `/api/admin/users/${own.id}`, own.token, { role: 'user' });
    expect(res.statusCode).toBe(403);
  });
});

describe('ban and unban', () => {
  it('requires a reason', async () => {
    const user = await createUser(app);
    for (const body of [{}, { reason: '   ' }]) {
      const res = await call('POST', `/api/admin/users/${user.id}/ban`, admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.banReasonRequired);
    }
  });

  it('ends the sessions at once: the open socket is told and closed, the token refused; unban lets the user back', async () => {
    const user = await createUser(app);
    const socket = await connected(url, user.token);
    let ended: unknown;
    try {
      const told = next(socket, 'session:ended');
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const res = await call('POST', `/api/admin/users/${user.id}/ban`, admin.token, { reason: 'fraud' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: MSG.userBanned,
        user: { banned: true, banReason: 'fraud' },
      });
      ended = await told;
      expect(['io server disconnect', 'transport close']).toContain(await gone);
    } finally {
      socket.disconnect();
    }
    expect(ended).toEqual({ reason: 'banned', message: MSG.accountBanned });
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    const refused = await login(user.username, user.password);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await expect(connected(url, user.token)).rejects.toThrow();
    expect(await auditsOf(user.id, 'user.ban')).toMatchObject([
      { actorId: admin.id, reason: 'fraud', after: { banned: true, banReason: 'fraud' } },
    ]);

    const lifted = await call('POST', `/api/admin/users/${user.id}/unban`, admin.token);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().user).toMatchObject({ banned: false, banReason: null });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await auditsOf(user.id, 'user.unban')).toHaveLength(1);
  });

  it('refuses an admin banning themselves', async () => {
    const self = await createUser(app, { role: 'superadmin' });
    expect(
      (await call('POST', `/api/admin/users/${self.id}/ban`, self.token, { reason: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it('checks the length, sets the password, and stops the old tokens', async () => {
    const user = await createUser(app);
    const short = await call('PUT', `/api/admin/users/${user.id}/password`, admin.token, {
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.passwordTooShort);

    const socket = await connected(url, user.token);
    try {
      const told = next(socket, 'session:ended');
      const res = await call('PUT', `/api/admin/users/${user.id}/password`, admin.token, {
        newPassword: 'brand-new-pass',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MSG.passwordUpdated });
      expect((await told).reason).toBe('password_set_by_admin');
    } finally {
      socket.disconnect();
    }
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'brand-new-pass')).statusCode).toBe(200);
    const [row] = await auditsOf(user.id, 'user.password_set');
    expect(row?.actorId).toBe(admin.id);
    expect(JSON.stringify([row?.before, row?.after, row?.reason])).not.toContain('brand-new-pass');
  });
});

describe('POST /api/reputation/admin/adjust', () => {
  it('rounds and clamps to 0-100, with the reason (default "admin set") in the audit row', async () => {
    const user = await createUser(app);
    const set = (setTo: unknown, reason?: string) =>
      call('POST', '/api/reputation/admin/adjust', admin.token, { userId: user.id, setTo, reason });
    const points = async () =>
      (await app.db.select().from(users).where(eq(users.id, user.id)))[0]?.reputationPoints;

    expect((await set(150.6)).json()).toEqual({ message: MSG.reputationUpdated, reputationPoints: 100 });
    expect(await points()).toBe(100);
    expect((await set(-3, 'spam')).json().reputationPoints).toBe(0);
    expect((await set('42.5')).json().reputationPoints).toBe(43);
    expect(await points()).toBe(43);
    for (const bad of ['abc', '', null, 'Infinity']) {
      const refused = await set(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.validNumber);
    }

    const rows = await auditsOf(user.id, 'user.reputation_set');
    expect(rows.map((r) => [r.before, r.after, r.reason])).toEqual([
      [{ reputationPoints: 0 }, { reputationPoints: 100 }, 'admin set'],
      [{ reputationPoints: 100 }, { reputationPoints: 0 }, 'spam'],
      [{ reputationPoints: 0 }, { reputationPoints: 43 }, 'admin set'],
    ]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await call('POST', '/api/reputation/admin/adjust', admin.token, {
      userId: '00000000-0000-4000-8000-000000000000',
      setTo: 5,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/admin/users/:id/balance-adjustments', () => {
  it('answers the spec’s messages, in its order', async () => {
    const user = await createUser(app);
    const cases: Array<[unknown, string]> = [
      [{ type: 'credit', remarks: 'x' }, MSG.adjustmentRequired],
      [{ type: 'credit', amount: 10 }, MSG.adjustmentRequired],
      [{ type: 'credit', amount: 10, remarks: '  ' }, MSG.adjustmentRequired],
      [{ type: 'credit', amount: '', remarks: '' }, MSG.adjustmentRequired],
      [{ type: 'credit', amount: 'abc', remarks: 'x' }, MSG.tradeAmountInvalid],
      [{ type: 'credit', amount: -5, remarks: 'x' }, MSG.tradeAmountInvalid],
      [{ type: 'debit', amount: 0, remarks: 'x' }, MSG.tradeAmountInvalid],
      [{ type: 'credit', amount: 1.234, remarks: 'x' }, MSG.tradeAmountInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(admin.token, user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const noKey = await call('POST', `/api/admin/users/${user.id}/balance-adjustments`, admin.token, {
      type: 'credit',
      amount: 10,
      remarks: 'x',
    });
    expect(noKey.statusCode).toBe(400);
    expect(await adjustmentsOf(user.id)).toHaveLength(0);
  });

  it('credits with one ledger entry, its audit row and notification, live, and shows in Financial Records', async () => {
    const user = await createUser(app);
    const socket = await connected(url, user.token);
    const key = newKey();
    try {
      const balance = next(socket, 'balance');
      const told = next(socket, 'notification');
      const res = await adjust(
        admin.token,
        user.id,
        { type: 'credit', amount: '500.25', remarks: 'Bonus' },
        key,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.balanceAdjusted, balance: 500.25, replayed: false });
      expect(await balance).toMatchObject({ real: 500.25, reason: 'admin_adjustment' });
      const event = await told;
      expect(event.notification.type).toBe('credit');
      expect(event.notification.body).toContain('500.25');
      expect(event.notification.body).toContain('Bonus');
    } finally {
      socket.disconnect();
    }

    const entries = await adjustmentsOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account: 'real', remarks: 'Bonus', createdBy: admin.id });
    expect(await auditsOf(user.id, 'user.balance_adjust')).toMatchObject([
      {
        actorId: admin.id,
        reason: 'Bonus',
        before: { balance: '0' },
        after: { balance: '50025', type: 'credit', amount: '50025' },
      },
    ]);
    expect(await notificationsOf(user.id)).toHaveLength(1);

    const records = (await call('GET', '/api/wallet/transactions/my', user.token)).json();
    expect(records.items[0]).toMatchObject({ amount: 500.25, remarks: 'Bonus' });

    // A retry with the same key answers the first entry and moves nothing.
    const again = await adjust(
      admin.token,
      user.id,
      { type: 'credit', amount: 500.25, remarks: 'Bonus' },
      key,
    );
    expect(again.json()).toMatchObject({
      replayed: true,
      balance: 500.25,
      entryId: entries[0]?.id.toString(),
    });
    expect(await adjustmentsOf(user.id)).toHaveLength(1);
    expect(await auditsOf(user.id, 'user.balance_adjust')).toHaveLength(1);
    expect(await notificationsOf(user.id)).toHaveLength(1);
    // The same key for another movement is refused.
    const other = await adjust(admin.token, user.id, { type: 'debit', amount: 1, remarks: 'Bonus' }, key);
    expect(other.statusCode).toBe(409);
  });

  it('refuses a deduction below zero and moves nothing', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 100);
    const res = await adjust(admin.token, user.id, { type: 'debit', amount: 100.01, remarks: 'fee' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.deductBelowZero);
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 100 });
    expect(await adjustmentsOf(user.id)).toHaveLength(1); // the funding only
    expect(await auditsOf(user.id, 'user.balance_adjust')).toHaveLength(0);
    expect(await notificationsOf(user.id)).toHaveLength(0);

    const exact = await adjust(admin.token, user.id, { type: 'debit', amount: 100, remarks: 'fee' });
    expect(exact.json()).toMatchObject({ balance: 0 });
  });

  it('keeps the balance >= 0 under 20 concurrent debits that together exceed it, one entry per accepted debit', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust(admin.token, user.id, { type: 'debit', amount: 75, remarks: 'race' }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(13);
    for (const r of refused) expect(r.json().message).toBe(MSG.deductBelowZero);
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 1000 - 75 * 13 });
    const debits = (await adjustmentsOf(user.id)).filter((e) => e.remarks === 'race');
    expect(debits).toHaveLength(13);
    expect(await auditsOf(user.id, 'user.balance_adjust')).toHaveLength(13);
  });
});

describe('GET /api/admin/users/export.csv', () => {
  it('quotes properly, writes INR with 2 decimals and neutralises formula cells', async () => {
    const tag = `csv${suffix()}`;
    const user = await createUser(app, { username: `${tag}a` });
    await app.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://x","y")', lastName: 'Doe, "Jr"\nII', country: '@SUM(A1)' })
      .where(eq(users.id, user.id));
    await fund(app, user.id, 1234.5);
    const plus = await createUser(app, { username: `${tag}b` });
    await app.db
      .update(users)
      .set({ firstName: '+1', lastName: '-2', country: '\tTab' })
      .where(eq(users.id, plus.id));

    const res = await call('GET', `/api/admin/users/export.csv?search=${tag}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,username,first_name,last_name,email,country,role,balance_inr,on_hold_inr,trades,banned,created_at',
    );
    // Newest first: plus, then user (whose last name holds a line break inside its quotes).
    expect(lines[1]).toContain(
      `${plus.id},${plus.username},'+1,'-2,${plus.email},'\tTab,user,0.00,0.00,0,no,`,
    );
    expect(res.body).toContain(
      `${user.id},${user.username},"'=HYPERLINK(""http://x"",""y"")","Doe, ""Jr""\nII",${user.email},'@SUM(A1),user,1234.50,0.00,0,no,`,
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
  });
});
