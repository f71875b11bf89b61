import { loginHistory, referralKeys, users } from '@app/db';
import { MSG, retryLaterMessage } from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  createKey,
  createUser,
  DESKTOP_UA,
  MOBILE_UA,
  registration,
  TEST_PASSWORD,
  uniqueName,
} from '../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers });
const login = (identifier: string, password: string, userAgent = DESKTOP_UA) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    headers: { 'user-agent': userAgent },
  });
const usedCount = async (id: string) =>
  (await app.db.select().from(referralKeys).where(eq(referralKeys.id, id)))[0]?.usedCount;
const lastLogin = async (identifier: string) =>
  (
    await app.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.identifier, identifier))
      .orderBy(desc(loginHistory.id))
      .limit(1)
  )[0];

describe('POST /api/auth/register', () => {
  it('checks the rules in the spec order with the spec messages', async () => {
    const key = await createKey(app);
    const allBad = {
      username: 'x',
      email: 'nope',
      referral: 'short',
      firstName: '',
      lastName: '',
      password: '',
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [allBad, MSG.usernameInvalid],
      [{ ...allBad, username: 'has space' }, MSG.usernameInvalid],
      [{ ...allBad, username: 'a'.repeat(21) }, MSG.usernameInvalid],
      [{ ...allBad, username: uniqueName() }, MSG.emailInvalid],
      [{ ...allBad, username: uniqueName(), email: 'a@b.co' }, MSG.referralInvalid],
      [{ ...allBad, username: uniqueName(), email: 'a@b.co', referral: 'ABC-1234' }, MSG.referralInvalid],
      [{ ...allBad, username: uniqueName(), email: 'a@b.co', referral: key.code }, MSG.requiredFields],
      [registration(key.code, { firstName: '   ' }), MSG.requiredFields],
      [registration(key.code, { lastName: undefined }), MSG.requiredFields],
      [registration(key.code, { password: '' }), MSG.requiredFields],
      [registration(key.code, { password: 'abc' }), MSG.passwordTooShort],
      [{}, MSG.usernameInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await usedCount(key.id)).toBe(0);
  });

  it('answers a missing body with the first form message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.usernameInvalid);
  });

  it('creates the user, counts the key use, logs them in and records the login', async () => {
    const key = await createKey(app, { maxUses: 3 });
    const body = registration(key.code.toLowerCase(), { country: 'France' });
    const res = await register(body, { 'user-agent': MOBILE_UA });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(typeof token).toBe('string');
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      country: 'India',
      role: 'user',
      isAdmin: false,
      balance: 0,
      hasReferral: true,
      referralCode: key.code,
      banned: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await usedCount(key.id)).toBe(1);

    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.referralKeyId).toBe(key.id);
    const history = await lastLogin(body.username);
    expect(history).toMatchObject({ userId: user.id, success: true, deviceType: 'mobile', role: 'user' });

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('explains why a referral key cannot be used', async () => {
    const inactive = await createKey(app, { active: false });
    const expired = await createKey(app, { expiresAt: new Date(Date.now() - 60_000) });
    const usedUp = await createKey(app, { maxUses: 2, usedCount: 2 });
    const cases: Array<[string, string]> = [
      ['ZZZZZZZZ', MSG.referralUnknown],
      [inactive.code, MSG.referralInactive],
      [expired.code, MSG.referralExpired],
      [usedUp.code, MSG.referralUsedUp],
    ];
    for (const [code, message] of cases) {
      const res = await register(registration(code));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message, code).toBe(message);
    }
    expect(await usedCount(usedUp.id)).toBe(2);
  });

  it('admits exactly one of two simultaneous registrations on a single-use key', async () => {
    const key = await createKey(app, { maxUses: 1 });
    const results = await Promise.all([register(registration(key.code)), register(registration(key.code))]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().message).toBe(MSG.referralUsedUp);
    expect(await usedCount(key.id)).toBe(1);
  });

  it('admits exactly maxUses of many simultaneous registrations', async () => {
    const key = await createKey(app, { maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, () => register(registration(key.code))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().message === MSG.referralUsedUp),
    ).toBe(true);
    expect(await usedCount(key.id)).toBe(3);
    const members = await app.db.select().from(users).where(eq(users.referralKeyId, key.id));
    expect(members).toHaveLength(3);
  });

  it('refuses a duplicate username or email in any case, without counting the key use', async () => {
    const key = await createKey(app, { maxUses: 10 });
    const first = registration(key.code);
    expect((await register(first)).statusCode).toBe(201);

    const sameName = await register(registration(key.code, { username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MSG.usernameTaken);

    const sameEmail = await register(registration(key.code, { email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(MSG.emailTaken);

    expect(await usedCount(key.id)).toBe(1);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by username or email in any case and records a desktop login', async () => {
    const user = await createUser(app);
    const byName = await login(user.username.toUpperCase(), TEST_PASSWORD);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().user.id).toBe(user.id);
    expect(await lastLogin(user.username.toUpperCase())).toMatchObject({
      userId: user.id,
      success: true,
      deviceType: 'desktop',
      username: user.username,
      email: user.email,
      role: 'user',
      userAgent: DESKTOP_UA,
    });

    const byEmail = await login(user.email, TEST_PASSWORD, '');
    expect(byEmail.statusCode).toBe(200);
    expect(await lastLogin(user.email)).toMatchObject({
      userId: user.id,
      success: true,
      deviceType: 'unknown',
    });
  });

  it('refuses a wrong password or an unknown account with one message, and records the failure', async () => {
    const user = await createUser(app);
    const wrong = await login(user.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.invalidCredentials);
    expect(await lastLogin(user.username)).toMatchObject({
      userId: user.id,
      success: false,
      failureReason: 'wrong_password',
      deviceType: 'desktop',
    });

    const ghost = uniqueName('ghost');
    const unknown = await login(ghost, 'whatever');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MSG.invalidCredentials);
    expect(await lastLogin(ghost)).toMatchObject({
      userId: null,
      success: false,
      failureReason: 'unknown_user',
      username: null,
    });
  });

  it('needs both fields', async () => {
    for (const payload of [{ identifier: '  ', password: 'x' }, { identifier: 'someone' }, {}]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.loginRequired);
    }
  });

  it('refuses a banned account with 403 and records the failure', async () => {
    const user = await createUser(app);
    await app.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    const res = await login(user.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountBanned);
    expect(await lastLogin(user.username)).toMatchObject({
      userId: user.id,
      success: false,
      failureReason: 'banned',
    });
  });

  it('records nothing but failures for a guessed password', async () => {
    const user = await createUser(app);
    await login(user.username, 'guess-1');
    await login(user.username, 'guess-2');
    const rows = await app.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id));
    expect(rows.map((r) => r.success)).toEqual([false, false]);
  });
});

describe('rate limits', () => {
  it('answers 429 with a readable message after the login limit, per IP', async () => {
    const limited = await buildTestApp({ loginRateLimit: 2, registerRateLimit: 1 });
    try {
      const attempt = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: 'nobody_here', password: 'x' },
          remoteAddress,
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      const blocked = await attempt('10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // The real wait, as Retry-After gives it: not a fixed "a minute".
      expect(blocked.json().message).toBe(retryLaterMessage(MSG.tooManyAttempts, wait));
      // Another client is not affected.
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);

      const reg = (remoteAddress: string) =>
        limited.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress });
      expect((await reg('10.0.0.3')).statusCode).toBe(400);
      const regBlocked = await reg('10.0.0.3');
      expect(regBlocked.statusCode).toBe(429);
      expect(regBlocked.json().message).toBe(
        retryLaterMessage(MSG.tooManyAttempts, Number(regBlocked.headers['retry-after'])),
      );
    } finally {
      await limited.close();
    }
  });

  it('shares the counts between gateways on the same Redis prefix', async () => {
    const base = { loginRateLimit: 1, redisPrefix: `${uniqueName('shared')}:` };
    const [a, b] = [await buildTestApp(base), await buildTestApp(base)];
    try {
      const payload = { identifier: 'nobody_here', password: 'x' };
      expect((await a.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(401);
      expect((await b.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('does not limit other routes', async () => {
    const limited = await buildTestApp({ loginRateLimit: 1 });
    try {
      for (let i = 0; i < 3; i++)
        expect((await limited.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
