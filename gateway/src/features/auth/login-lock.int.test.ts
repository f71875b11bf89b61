import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { auditLog, loginHistory, loginLocks } from '@app/db';
import { MSG, retryLaterMessage } from '@app/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';

const THRESHOLD = 10;
const WINDOW_MS = 15 * 60_000;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let app: FastifyInstance;
let superadmin: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await buildTestApp({ loginLock: { threshold: THRESHOLD, windowMs: WINDOW_MS } });
  [superadmin, admin] = [
    await createUser(app, { role: 'superadmin' }),
    await createUser(app, { role: 'admin' }),
  ];
});
afterAll(async () => {
  await app.close();
});

let address = 0;
/** A login from an address no other attempt used: the per-address limit never decides here. */
const login = (identifier: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    remoteAddress: `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
  });

const fail = async (user: TestUser, times: number) => {
  for (let i = 0; i < times; i++) {
    const res = await login(i % 2 ? user.email : user.username, `wrong-guess-${i}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.invalidCredentials);
  }
};

const expectLocked = async (user: TestUser) => {
  const res = await login(user.username, user.password);
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(WINDOW_MS / 1000 - 60);
  expect(wait).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(res.json().message).toBe(retryLaterMessage(MSG.accountLocked, wait));
  expect(res.json().message).toMatch(/Try again in 15 minutes\.$/);
  return res;
};

const unlockRoute = (userId: string, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/unlock`,
    headers: token ? auth(token) : {},
  });

describe('failed sign-ins per account', () => {
  it('locks the account after 10 failures from different addresses; then even the right password gets 429 with the wait', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD);
    await expectLocked(user);
    // By email too, and from yet another address.
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    const [last] = await app.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userId, user.id))
      .orderBy(desc(loginHistory.id))
      .limit(1);
    expect(last).toMatchObject({ success: false, failureReason: 'locked' });
  });

  it('does not lock at 9 failures, and a success clears the count', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD - 1);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    // Nine more do not lock: the count started again after the success.
    await fail(user, THRESHOLD - 1);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    await fail(user, THRESHOLD);
    await expectLocked(user);
  });

  it('counts failures inside the window only', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD - 1);
    // The nine failures happened long ago: they no longer count.
    await app.db
      .update(loginLocks)
      .set({ failures: sql`array(select f - interval '16 minutes' from unnest(${loginLocks.failures}) f)` })
      .where(eq(loginLocks.userId, user.id));
    await fail(user, 1);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('lets the account in again once the lock has passed', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD);
    await expectLocked(user);
    // Fifteen minutes on: the lock and the failures that made it are in the past.
    await app.db
      .update(loginLocks)
      .set({
        lockedUntil: sql`now() - interval '1 second'`,
        failures: sql`array(select f - interval '15 minutes 1 second' from unnest(${loginLocks.failures}) f)`,
      })
      .where(eq(loginLocks.userId, user.id));
    await fail(user, 1);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('locks admin and superadmin accounts too', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const account = await createUser(app, { role });
      await fail(account, THRESHOLD);
      await expectLocked(account);
    }
  });
});

describe('POST /api/admin/users/{id}/unlock', () => {
  it('lets a superadmin lift a lock, audited as user.unlock on the user', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD);
    await expectLocked(user);
    const res = await unlockRoute(user.id, superadmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.accountUnlocked });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.unlock'), eq(auditLog.targetId, user.id)));
    expect(row).toMatchObject({
      actorId: superadmin.id,
      actorRole: 'superadmin',
      targetType: 'user',
      requestId: res.headers['x-request-id'],
      after: { lockedUntil: null, failedAttempts: 0 },
    });
    expect(row?.before).toMatchObject({ failedAttempts: THRESHOLD, lockedUntil: expect.any(String) });
  });

  it('refuses an admin (403) and a user (403), and changes nothing', async () => {
    const user = await createUser(app);
    await fail(user, THRESHOLD);
    for (const token of [admin.token, user.token]) {
      const res = await unlockRoute(user.id, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    expect((await unlockRoute(user.id)).statusCode).toBe(401);
    await expectLocked(user);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.unlock'), eq(auditLog.targetId, user.id)));
    expect(audited).toEqual([]);
  });

  it('answers 404 for an id that names no user', async () => {
    expect((await unlockRoute('00000000-0000-4000-8000-000000000000', superadmin.token)).statusCode).toBe(
      404,
    );
    expect((await unlockRoute('not-a-uuid', superadmin.token)).statusCode).toBe(404);
  });
});

describe('pnpm admin unlock', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: inject('databaseUrl'), ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('lifts the lock of the account named by username or email, audited without an actor', async () => {
    const [byName, byEmail] = [await createUser(app), await createUser(app)];
    await fail(byName, THRESHOLD);
    await fail(byEmail, THRESHOLD);
    const named = await run(['unlock', byName.username.toUpperCase()]);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain(`Unlocked ${byName.username}`);
    expect(named.stdout).toContain(`cleared ${THRESHOLD} failed sign-in attempts`);
    expect((await login(byName.username, byName.password)).statusCode).toBe(200);

    expect((await run(['unlock', byEmail.email])).code).toBe(0);
    expect((await login(byEmail.email, byEmail.password)).statusCode).toBe(200);

    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.unlock'), eq(auditLog.targetId, byName.id)));
    expect(row).toMatchObject({ actorId: null, targetType: 'user', reason: 'pnpm admin unlock' });
  });

  it('says so when the account is not locked, and fails for an unknown one or a bad call', async () => {
    const user = await createUser(app);
    const notLocked = await run(['unlock', user.username]);
    expect(notLocked).toMatchObject({ code: 0 });
    expect(notLocked.stdout).toContain(`${user.username} was not locked`);
    const unknown = await run(['unlock', 'nobody_by_that_name']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the username or email "nobody_by_that_name"');
    const usage = await run(['lock', user.username]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: pnpm admin unlock <username or email>');
  });
});
