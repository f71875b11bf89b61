import { auditLog, loginHistory, siteSettings, users } from '@app/db';
import { DEFAULT_SITE_TITLE, MSG } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildIsolatedApp,
  buildTestApp,
  createKey,
  createUser,
  signIn,
  type TestUser,
  turnOnTwoFactor,
  uniqueName,
} from '../../test/helpers.ts';

let app: FastifyInstance;
let superadmin: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  superadmin = await createUser(app, { role: 'superadmin' });
});
afterAll(async () => {
  await app.close();
});

const account = (overrides: object = {}) => {
  const username = uniqueName('acc');
  return {
    firstName: 'Neha',
    lastName: 'Rao',
    username,
    email: `${username}@Example.com`,
    password: 'pass-word-1',
    ...overrides,
  };
};
const post = (url: string, payload: object, token = superadmin.token) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });

describe('POST /api/superadmin/create-user and create-admin', () => {
  it('creates a user who can log in, and audits it without the password', async () => {
    const body = account({ username: `dot.name-${uniqueName('x').slice(2, 10)}` });
    const res = await post('/api/superadmin/create-user', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.userCreated);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email.toLowerCase(),
      role: 'user',
      isAdmin: false,
      country: 'India',
      hasReferral: false,
    });

    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.createdBy).toBe(superadmin.id);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.targetId, user.id)));
    expect(entry).toMatchObject({
      actorId: superadmin.id,
      actorRole: 'superadmin',
      targetType: 'user',
      after: { username: body.username },
    });
    expect(JSON.stringify([entry?.before, entry?.after])).not.toMatch(/pass-word-1|argon2/);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.username, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('creates an admin who can open admin routes', async () => {
    const body = account({ country: '' });
    const res = await post('/api/superadmin/create-admin', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MSG.adminCreated,
      user: { role: 'admin', isAdmin: true, country: 'India' },
    });
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'admin.create'), eq(auditLog.targetId, res.json().user.id))),
    ).toHaveLength(1);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.email, password: body.password },
    });
    // Signed in, and led to two-factor setup first: staff routes wait for it.
    expect(login.json().twoFactorSetupRequired).toBe(true);
    const token = login.json().token;
    const cards = (as: string) =>
      app.inject({ method: 'GET', url: '/api/admin-stats/cards', headers: auth(as) });
    expect((await cards(token)).statusCode).toBe(403);
    const on = await turnOnTwoFactor(app, token);
    expect((await cards(on.token)).statusCode).toBe(200);
  });

  it('validates in the admin spec order with its messages', async () => {
    const cases: Array<[object, string]> = [
      [{ firstName: '', lastName: '', username: 'x', email: 'bad', password: '1' }, MSG.nameRequired],
      [account({ lastName: ' ' }), MSG.nameRequired],
      [account({ username: 'ab' }), MSG.adminUsernameInvalid],
      [account({ username: 'has space' }), MSG.adminUsernameInvalid],
      [account({ email: 'no-at-sign' }), MSG.adminEmailInvalid],
      [account({ password: '12345' }), MSG.adminPasswordTooShort],
      [{}, MSG.nameRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/superadmin/create-user', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('answers 409 for a username or email already in use, in any case', async () => {
    const existing = await createUser(app);
    const name = await post(
      '/api/superadmin/create-admin',
      account({ username: existing.username.toUpperCase() }),
    );
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toBe(MSG.usernameTaken);
    const email = await post('/api/superadmin/create-user', account({ email: existing.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(MSG.emailTaken);
  });
});

describe('site settings', () => {
  it('saves title (or siteTitle), currency and URLs with an audit row, and serves them publicly', async () => {
    // The settings are one row for the whole site: other test files must not change it meanwhile.
    const isolated = await buildIsolatedApp();
    const a = isolated.app;
    try {
      const boss = await createUser(a, { role: 'superadmin' });
      const title = `Exchange ${uniqueName('t')}`;
      const put = await a.inject({
        method: 'PUT',
        url: '/api/superadmin/site',
        headers: auth(boss.token),
        payload: {
          siteTitle: `  ${title} `,
          logoUrl: 'https://cdn.example.com/logo.png',
          faviconUrl: '',
          currency: 'INR',
        },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        message: MSG.settingsSaved,
        settings: { title, currency: 'INR', logoUrl: 'https://cdn.example.com/logo.png', faviconUrl: '' },
      });

      const pub = await a.inject({ method: 'GET', url: '/api/site' });
      expect(pub.statusCode).toBe(200);
      expect(pub.json().settings).toMatchObject({ title, faviconUrl: '' });
      const get = await a.inject({ method: 'GET', url: '/api/superadmin/site', headers: auth(boss.token) });
      expect(get.json().settings.title).toBe(title);

      const second = await a.inject({
        method: 'PUT',
        url: '/api/superadmin/site',
        headers: auth(boss.token),
        payload: { title: 'Again' },
      });
      expect(second.statusCode).toBe(200);
      const entries = await a.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'site.update'))
        .orderBy(asc(auditLog.id));
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        actorId: boss.id,
        targetType: 'site_settings',
        before: null,
        after: { title },
      });
      expect(entries[1]).toMatchObject({
        before: { title },
        after: { title: 'Again' },
        requestId: second.headers['x-request-id'],
      });
    } finally {
      await isolated.close();
    }
  });

  it('refuses a missing title, a bad URL or another currency', async () => {
    const cases: Array<[object, string]> = [
      [{ title: '  ' }, MSG.titleRequired],
      [{}, MSG.titleRequired],
      [{ title: 'Ok', logoUrl: 'javascript:alert(1)' }, MSG.urlInvalid],
      [{ title: 'Ok', currency: 'USD' }, MSG.currencyInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/superadmin/site',
        headers: auth(superadmin.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('serves the defaults before anything is saved', async () => {
    const isolated = await buildIsolatedApp();
    try {
      const res = await isolated.app.inject({ method: 'GET', url: '/api/site' });
      expect(res.json()).toEqual({
        settings: {
          title: DEFAULT_SITE_TITLE,
          currency: 'INR',
          logoUrl: '',
          faviconUrl: '',
          updatedAt: null,
        },
      });
      expect(await isolated.app.db.select().from(siteSettings)).toEqual([]);
    } finally {
      await isolated.close();
    }
  });
});

describe('GET /api/superadmin/overview', () => {
  it('counts accounts by role, usable referral keys and logins of the last day', async () => {
    const isolated = await buildIsolatedApp();
    const a = isolated.app;
    try {
      const boss = await createUser(a, { role: 'superadmin' });
      await createUser(a, { role: 'admin' });
      await createUser(a);
      await createUser(a);
      await createKey(a);
      await createKey(a, { active: false });
      await createKey(a, { maxUses: 1, usedCount: 1 });
      await createKey(a, { expiresAt: new Date(Date.now() - 1000) });
      await signIn(a, boss);
      await a.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: boss.username, password: 'nope' },
      });
      await a.db
        .insert(loginHistory)
        .values({ identifier: 'old', success: true, createdAt: new Date(Date.now() - 2 * 86_400_000) });

      const res = await a.inject({
        method: 'GET',
        url: '/api/superadmin/overview',
        headers: auth(boss.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        users: 2,
        admins: 1,
        superadmins: 1,
        activeReferralKeys: 1,
        loginsLast24h: 1,
      });
    } finally {
      await isolated.close();
    }
  });
});
