import { users } from '@app/db';
import { MOST_COMMON_PASSWORDS, MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createKey, createUser, registration } from '../../test/helpers.ts';
import list from './common-passwords.json' with { type: 'json' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Common passwords only the server's full list has (the shared schema's head list lacks them). */
const deepInTheList = list.passwords.slice(5_000).filter((p) => !MOST_COMMON_PASSWORDS.includes(p));
const refused: Array<[string, string]> = [
  ['      ', MSG.passwordBlank],
  [' \t    \t ', MSG.passwordBlank],
  ['123456', MSG.passwordTooCommon],
  ['Password', MSG.passwordTooCommon],
  ['qwerty123', MSG.passwordTooCommon],
  [deepInTheList[0] as string, MSG.passwordTooCommon],
  [` ${(deepInTheList.at(-1) as string).toUpperCase()} `, MSG.passwordTooCommon],
];

describe('weak passwords at registration', () => {
  it.each(refused)('refuses %j with a clear message and creates nothing', async (password, message) => {
    const key = await createKey(app);
    const body = registration(key.code, { password });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await app.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });

  it('still accepts a password that is neither', async () => {
    const key = await createKey(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(key.code, { password: 'tidal-Quokka-41' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('weak passwords on a password change', () => {
  it.each(refused)('refuses %j and keeps the old password', async (newPassword, message) => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: auth(user.token),
      payload: { currentPassword: user.password, newPassword },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('weak passwords set by an admin', () => {
  it.each(refused)("refuses %j and keeps the user's password", async (newPassword, message) => {
    const [admin, user] = [await createUser(app, { role: 'admin' }), await createUser(app)];
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/password`,
      headers: auth(admin.token),
      payload: { newPassword },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('weak passwords of an account a superadmin creates', () => {
  it.each(refused)(
    'refuses %j for a user and for an admin, and creates neither',
    async (password, message) => {
      const superadmin = await createUser(app, { role: 'superadmin' });
      for (const kind of ['create-user', 'create-admin'] as const) {
        const username = `weak${kind.slice(7)}${Math.random().toString(36).slice(2, 8)}`;
        const res = await app.inject({
          method: 'POST',
          url: `/api/superadmin/${kind}`,
          headers: auth(superadmin.token),
          payload: {
            firstName: 'Weak',
            lastName: 'Password',
            username,
            email: `${username}@example.com`,
            password,
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        expect(await app.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
      }
    },
  );
});
