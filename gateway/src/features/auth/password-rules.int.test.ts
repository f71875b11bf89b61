import { issueAccountToken, users } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildIsolatedApp,
  createKey,
  createUser,
  registration,
  type TestUser,
  uniqueName,
} from '../../test/helpers.ts';

/**
 * On a database of its own: one test renames the site, which every password is judged with.
 * The reset route's limit per address is raised for the many refusals sent to it.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp({ accountMailRateLimit: 1000 }));
});
afterAll(async () => {
  await close();
});

/**
 * Passwords a guesser tries first, for an account whose username is `username`: each is
 * refused with the one message, by every route that sets a password. All pass the length rule.
 */
const weak = (username: string): Array<[string, string]> => [
  ['aaaaaa', MSG.passwordTooWeak],
  ['abcdef', MSG.passwordTooWeak],
  ['zzzzzzzz', MSG.passwordTooWeak],
  [username, MSG.passwordTooWeak],
  ['coinpulse', MSG.passwordTooWeak],
  ['CoinPulse123', MSG.passwordTooWeak],
  ['Passw0rd!', MSG.passwordTooWeak],
  ['qwerty123', MSG.passwordTooWeak],
  [' \t    \t ', MSG.passwordBlank],
];
const STRONG = 'tidal-Quokka-41';

const login = (identifier: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
const changePassword = (user: TestUser, newPassword: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/auth/change-password',
    headers: auth(user.token),
    payload: { currentPassword: user.password, newPassword },
  });

/** Every weak password is refused by `send` with its message; then a strong one is taken. */
async function refusesWeak(
  username: string,
  send: (password: string) => Promise<{ statusCode: number; json(): { message?: string } }>,
) {
  for (const [password, message] of weak(username)) {
    const res = await send(password);
    expect([password, res.statusCode, res.json().message]).toEqual([password, 400, message]);
  }
}

describe('a weak password', () => {
  it('is refused at registration, and no account is made', async () => {
    const key = await createKey(app);
    const body = registration(key.code);
    await refusesWeak(body.username, (password) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, password } }),
    );
    expect(await app.db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, password: STRONG },
    });
    expect(res.statusCode).toBe(201);
  });

  it('is refused on a password change, and the old password still signs in', async () => {
    const user = await createUser(app);
    await refusesWeak(user.username, (newPassword) => changePassword(user, newPassword));
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('is refused on a reset, and the link still works for a strong one', async () => {
    const user = await createUser(app);
    const token = await issueAccountToken(app.db, {
      userId: user.id,
      purpose: 'password_reset',
      email: user.email,
    });
    await refusesWeak(user.username, (newPassword) =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } }),
    );
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: STRONG },
    });
    expect(res.statusCode).toBe(200);
  });

  it("is refused when an admin sets it, and the user's password still signs in", async () => {
    const [admin, user] = [await createUser(app, { role: 'admin' }), await createUser(app)];
    await refusesWeak(user.username, (newPassword) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.id}/password`,
        headers: auth(admin.token),
        payload: { newPassword },
      }),
    );
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('is refused for a user and an admin a superadmin creates, and neither is made', async () => {
    const superadmin = await createUser(app, { role: 'superadmin' });
    for (const kind of ['create-user', 'create-admin'] as const) {
      const username = uniqueName('weak');
      const body = { firstName: 'Weak', lastName: 'Password', username, email: `${username}@example.com` };
      await refusesWeak(username, (password) =>
        app.inject({
          method: 'POST',
          url: `/api/superadmin/${kind}`,
          headers: auth(superadmin.token),
          payload: { ...body, password },
        }),
      );
      expect(await app.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    }
  });

  it("is refused when it is the account's name or email, or the site's configured title", async () => {
    const user = await createUser(app);
    const [row] = await app.db
      .update(users)
      .set({ firstName: 'Zephyrine', lastName: 'Quokkabrandt' })
      .where(eq(users.id, user.id))
      .returning();
    for (const newPassword of ['Quokkabrandt', 'zephyrine1', user.email, user.username.toUpperCase()]) {
      const res = await changePassword(user, newPassword);
      expect([newPassword, res.json().message]).toEqual([newPassword, MSG.passwordTooWeak]);
    }
    expect(row?.firstName).toBe('Zephyrine');

    const superadmin = await createUser(app, { role: 'superadmin' });
    expect((await changePassword(user, 'Moonwhistle99')).statusCode).toBe(200);
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/superadmin/site',
      headers: auth(superadmin.token),
      payload: { title: 'Moon Whistle' },
    });
    expect(renamed.statusCode).toBe(200);
    const res = await changePassword(await createUser(app), 'Moonwhistle99');
    expect(res.json().message).toBe(MSG.passwordTooWeak);
  });
});
