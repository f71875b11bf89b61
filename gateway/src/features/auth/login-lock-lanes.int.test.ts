import { loginHistory } from '@app/db';
import { MSG, retryLaterMessage } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildTestApp,
  createKey,
  createUser,
  registration,
  type TestUser,
} from '../../test/helpers.ts';

/**
 * The account lock when guesses race and when they come from elsewhere: each attempt takes its
 * slot before its password is checked, and the address the account last signed in from counts
 * apart (login-lock.ts).
 */
const THRESHOLD = 10;
const WINDOW_S = 15 * 60;
const AT_ONCE = 30;
const NEW_PASSWORD = 'copper-Meadow-73';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ loginLock: { threshold: THRESHOLD, windowMs: WINDOW_S * 1000 } });
});
afterAll(async () => {
  await app.close();
});

let address = 0;
/** An address no other request of this file used. */
const fresh = () => `10.88.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const login = (user: Pick<TestUser, 'username'>, password: string, remoteAddress = fresh()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.username, password },
    remoteAddress,
  });

const changePassword = (user: TestUser, currentPassword: string, remoteAddress = fresh()) =>
  app.inject({
    method: 'PUT',
    url: '/api/auth/change-password',
    headers: auth(user.token),
    payload: { currentPassword, newPassword: NEW_PASSWORD },
    remoteAddress,
  });

/** 429 for the account's lock, with its real wait in the message and in Retry-After. */
const expectLocked = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(WINDOW_S - 60);
  expect(wait).toBeLessThanOrEqual(WINDOW_S);
  expect(res.json().message).toBe(retryLaterMessage(MSG.accountLocked, wait));
};

const statuses = (answers: LightMyRequestResponse[]) => {
  const count = new Map<number, number>();
  for (const a of answers) count.set(a.statusCode, (count.get(a.statusCode) ?? 0) + 1);
  return Object.fromEntries(count);
};

describe('guesses sent at once', () => {
  it(`checks only ${THRESHOLD} of ${AT_ONCE} wrong passwords sent together from ${AT_ONCE} addresses`, async () => {
    const user = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => login(user, `wrong-guess-${i}`)),
    );
    expect(statuses(answers)).toEqual({ 401: THRESHOLD, 429: AT_ONCE - THRESHOLD });
    for (const refused of answers.filter((a) => a.statusCode === 429)) expectLocked(refused);
    const checked = await app.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.userId, user.id), eq(loginHistory.failureReason, 'wrong_password')));
    expect(checked).toHaveLength(THRESHOLD);
    expectLocked(await login(user, user.password));
  });

  it(`checks only ${THRESHOLD} of ${AT_ONCE} wrong current passwords sent together to change-password`, async () => {
    const user = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => changePassword(user, `wrong-guess-${i}`)),
    );
    expect(statuses(answers)).toEqual({ 400: THRESHOLD, 429: AT_ONCE - THRESHOLD });
  });
});

describe('wrong current passwords at change-password', () => {
  it('count towards the sign-in lock: then the right one is refused too, and sign-in as well', async () => {
    const user = await createUser(app);
    for (let i = 0; i < THRESHOLD; i++) {
      const wrong = await changePassword(user, `wrong-guess-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MSG.currentPasswordWrong);
    }
    expectLocked(await changePassword(user, user.password));
    expectLocked(await login(user, user.password));
  });

  it('do not count once the right one is given', async () => {
    const user = await createUser(app);
    for (let i = 1; i < THRESHOLD; i++) expect((await login(user, `wrong-${i}`)).statusCode).toBe(401);
    const changed = await changePassword(user, user.password);
    expect(changed.statusCode).toBe(200);
    // Nine wrong passwords still count, the change's did not: the tenth wrong one locks.
    expect((await login(user, 'wrong-10')).statusCode).toBe(401);
    expectLocked(await login(user, NEW_PASSWORD));
  });

  it('are limited per account per hour, the message saying the real wait, from any address', async () => {
    const limited = await buildTestApp({ changePasswordRateLimit: 2 });
    try {
      const user = await createUser(limited);
      const change = (remoteAddress: string) =>
        limited.inject({
          method: 'PUT',
          url: '/api/auth/change-password',
          headers: auth(user.token),
          payload: { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD },
          remoteAddress,
        });
      expect((await change('10.89.0.1')).statusCode).toBe(400);
      expect((await change('10.89.0.2')).statusCode).toBe(400);
      const refused = await change('10.89.0.3');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(59 * 60);
      expect(wait).toBeLessThanOrEqual(60 * 60);
      expect(refused.json().message).toBe(retryLaterMessage(MSG.tooManyAttempts, wait));
      expect(refused.json().message).toBe('Too many attempts. Try again in 1 hour.');
    } finally {
      await limited.close();
    }
  });
});

describe('the address the account last signed in from', () => {
  it('still signs the owner in while guesses from elsewhere have locked the account', async () => {
    const user = await createUser(app);
    const [before, home] = [fresh(), fresh()];
    expect((await login(user, user.password, before)).statusCode).toBe(200);
    // The last success decides: the owner moved.
    expect((await login(user, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < THRESHOLD; i++) expect((await login(user, `wrong-guess-${i}`)).statusCode).toBe(401);

    expectLocked(await login(user, user.password));
    expectLocked(await login(user, user.password, before));
    expect((await login(user, user.password, home)).statusCode).toBe(200);
    // The owner's sign-in does not lift the outsiders' lock.
    expectLocked(await login(user, user.password));
  });

  it('counts its own attempts apart, with the same threshold', async () => {
    const user = await createUser(app);
    const home = fresh();
    expect((await login(user, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < THRESHOLD; i++)
      expect((await login(user, `wrong-guess-${i}`, home)).statusCode).toBe(401);
    expectLocked(await login(user, user.password, home));
    expectLocked(await changePassword(user, user.password, home));
    // Elsewhere is another count.
    expect((await login(user, user.password)).statusCode).toBe(200);
  });

  it('is the one an account was created from until it signs in elsewhere', async () => {
    const body = registration((await createKey(app)).code);
    const home = fresh();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: home,
    });
    expect(registered.statusCode).toBe(201);
    for (let i = 0; i < THRESHOLD; i++) expect((await login(body, `wrong-guess-${i}`)).statusCode).toBe(401);
    expectLocked(await login(body, body.password));
    expect((await login(body, body.password, home)).statusCode).toBe(200);
  });
});
