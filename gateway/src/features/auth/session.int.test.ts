import { createHmac } from 'node:crypto';
import { users } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, buildTestApp, createUser, TEST_JWT_SECRET, TEST_PASSWORD } from '../../test/helpers.ts';
import { client, connect, listen } from '../../test/socket-client.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const me = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers });
const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** A token signed by hand, so a test controls every claim. */
const hs256 = (claims: object) => {
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
};

describe('GET /api/auth/me', () => {
  it('answers the caller, without secrets', async () => {
    const user = await createUser(app);
    const res = await me(auth(user.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      username: user.username,
      isAdmin: false,
      balance: 0,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/passwordHash|tokenVersion|argon2/);
  });

  it('answers each caller their own user when many ask at once (one read for the batch)', async () => {
    const callers = await Promise.all(Array.from({ length: 6 }, () => createUser(app)));
    const answers = await Promise.all([...callers, ...callers].map((u) => me(auth(u.token))));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.map((r) => r.json().user.id)).toEqual([...callers, ...callers].map((u) => u.id));
    expect(answers.map((r) => r.json().user.username)).toEqual(
      [...callers, ...callers].map((u) => u.username),
    );
  });

  it('refuses a request without a token, or with a malformed header', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await me()).json().message).toBe(MSG.unauthorized);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(app);
    const [header, , signature] = user.token.split('.');
    const forged = `${header}.${b64url({ sub: user.id, role: 'superadmin', tv: 0, iat: Math.floor(Date.now() / 1000) })}.${signature}`;
    const res = await me(auth(forged));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('refuses an unsigned "alg: none" token and a token signed with another algorithm', async () => {
    const user = await createUser(app);
    const now = Math.floor(Date.now() / 1000);
    const payload = b64url({ sub: user.id, role: 'user', tv: 0, iat: now, exp: now + 60 });
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await me(auth(none))).statusCode).toBe(401);

    const h512 = `${b64url({ alg: 'HS512', typ: 'JWT' })}.${payload}`;
    const sig = createHmac('sha512', TEST_JWT_SECRET).update(h512).digest('base64url');
    expect((await me(auth(`${h512}.${sig}`))).statusCode).toBe(401);

    // The same claims correctly signed with HS256 are accepted: the refusals above are about the algorithm.
    expect(
      (await me(auth(hs256({ sub: user.id, role: 'user', tv: 0, iat: now, exp: now + 60 })))).statusCode,
    ).toBe(200);
  });

  it('refuses a token without an expiry, at REST and at the socket handshake', async () => {
    const user = await createUser(app);
    const token = hs256({ sub: user.id, role: 'user', tv: 0, iat: Math.floor(Date.now() / 1000) });
    const res = await me(auth(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
    const url = await listen(app);
    const socket = client(url, token);
    try {
      await expect(connect(socket)).rejects.toMatchObject({
        data: { statusCode: 401, message: MSG.sessionExpired },
      });
    } finally {
      socket.close();
    }
  });

  it('refuses an expired token', async () => {
    const user = await createUser(app);
    const now = Math.floor(Date.now() / 1000);
    const res = await me(auth(hs256({ sub: user.id, role: 'user', tv: 0, iat: now - 3600, exp: now - 60 })));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('refuses a token it accepted before once the token has expired', async () => {
    const user = await createUser(app);
    const now = Math.floor(Date.now() / 1000);
    const token = hs256({ sub: user.id, role: 'user', tv: 0, iat: now, exp: now + 60 });
    expect((await me(auth(token))).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 61) * 1000 });
    try {
      const res = await me(auth(token));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses the token of a banned user on the next request', async () => {
    const user = await createUser(app);
    expect((await me(auth(user.token))).statusCode).toBe(200);
    await app.db.update(users).set({ bannedAt: new Date(), banReason: 'test' }).where(eq(users.id, user.id));
    const res = await me(auth(user.token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.accountBanned);
  });

  it('refuses the token of a user that no longer exists', async () => {
    const user = await createUser(app);
    await app.db.delete(users).where(eq(users.id, user.id));
    const res = await me(auth(user.token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (token: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: auth(token), payload });

  it('applies the spec rules in order', async () => {
    const user = await createUser(app);
    const cases: Array<[object, string]> = [
      [{}, MSG.changePasswordBoth],
      [{ currentPassword: TEST_PASSWORD }, MSG.changePasswordBoth],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'abc' }, MSG.newPasswordTooShort],
      [{ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, MSG.newPasswordSame],
      [{ currentPassword: 'wrong-one', newPassword: 'brand-new-1' }, MSG.currentPasswordWrong],
    ];
    for (const [payload, message] of cases) {
      const res = await change(user.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('stops the old token, keeps the session with the new one, and changes the login password', async () => {
    const user = await createUser(app);
    // The spec's client sends the current password as both oldPassword and currentPassword.
    const res = await change(user.token, {
      oldPassword: TEST_PASSWORD,
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);
    const { token } = res.json();

    const old = await me(auth(user.token));
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(MSG.sessionExpired);
    expect((await me(auth(token))).statusCode).toBe(200);

    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: user.username, password },
      });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('brand-new-1')).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(res.statusCode).toBe(401);
  });
});
