import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { auditLog, loginHistory, twoFactor } from '@app/db';
import { MSG, RECOVERY_CODE_COUNT, retryLaterMessage } from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  auth,
  buildTestApp,
  createUser,
  type TestUser,
  totpCode,
  turnOnTwoFactor,
} from '../../test/helpers.ts';
import { challengeKey } from './two-factor.plugin.ts';

const THRESHOLD = 4;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ loginLock: { threshold: THRESHOLD, windowMs: 15 * 60_000 } });
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
const login = (user: TestUser) =>
  post('/api/auth/login', { identifier: user.username, password: user.password });
const verify = (challenge: string, code: string) => post('/api/auth/2fa/verify', { challenge, code });
const status = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) })).json();

type Setup = { uri: string; secret: string; recoveryCodes: string[] };

/** Setup and enable through the API (the next sign-in takes offset 1). */
const turnOn = (user: TestUser) => turnOnTwoFactor(app, user.token);

async function challengeOf(user: TestUser): Promise<string> {
  const res = await login(user);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.json().challenge;
}

const auditActions = async (userId: string) =>
  (
    await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, userId))
      .orderBy(desc(auditLog.id))
  ).map((r) => r.action);

describe('two-factor setup', () => {
  it('answers an otpauth URI and ten recovery codes, and is not on until a code enables it', async () => {
    const user = await createUser(app);
    const setup = await post('/api/auth/2fa/setup', {}, user.token);
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as Setup;
    expect(body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.uri).toContain(`secret=${body.secret}`);
    expect(body.uri).toContain(encodeURIComponent(user.username));
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await status(user.token)).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    // Not on yet: the password alone still signs in.
    expect((await login(user)).json()).toHaveProperty('token');

    // Neither the secret nor a recovery code is stored as it is.
    const [row] = await app.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row?.secret).not.toContain(body.secret);
    expect(row?.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of body.recoveryCodes) {
      expect(row?.recoveryCodes).not.toContain(code);
      expect(row?.recoveryCodes).not.toContain(code.replaceAll('-', ''));
    }

    const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.twoFactorCodeWrong);
    const notDigits = await post('/api/auth/2fa/enable', { code: body.recoveryCodes[0] }, user.token);
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json().message).toBe(MSG.twoFactorCodeRequired);

    const on = await post('/api/auth/2fa/enable', { code: totpCode(body.secret) }, user.token);
    expect(on.statusCode).toBe(200);
    const { token } = on.json();
    expect(await status(token)).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(await auditActions(user.id)).toEqual(['user.two_factor_on', 'user.two_factor_setup']);

    // A second setup cannot replace the secret in use.
    const again = await post('/api/auth/2fa/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.twoFactorAlreadyEnabled);
  });

  it('refuses to enable before a setup was started', async () => {
    const user = await createUser(app);
    const res = await post('/api/auth/2fa/enable', { code: '123456' }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.twoFactorNotStarted);
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a token, and the code gives the session, recorded as a login', async () => {
    const user = await createUser(app);
    const { secret } = await turnOn(user);
    const challenge = await challengeOf(user);

    const res = await verify(challenge, totpCode(secret, 1));
    expect(res.statusCode).toBe(200);
    const { token, user: signedIn } = res.json();
    expect(signedIn.id).toBe(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
    expect(me.statusCode).toBe(200);

    const [last] = await app.db
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.userId, user.id))
      .orderBy(desc(loginHistory.id))
      .limit(1);
    expect(last).toMatchObject({ success: true, failureReason: null, identifier: user.username });

    // The same code is not accepted twice, even with a new challenge.
    const replay = await verify(await challengeOf(user), totpCode(secret, 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MSG.twoFactorCodeWrong);
  });

  it('uses a challenge once: a second answer, or two at the same time, get one session', async () => {
    const user = await createUser(app);
    const { recoveryCodes } = await turnOn(user);
    const challenge = await challengeOf(user);
    const [a, b] = await Promise.all([
      verify(challenge, recoveryCodes[0] ?? ''),
      verify(challenge, recoveryCodes[1] ?? ''),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const again = await verify(challenge, recoveryCodes[2] ?? '');
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.twoFactorChallengeExpired);
    expect(await app.redis.exists(challengeKey(challenge))).toBe(0);
  });

  it('accepts each recovery code once, typed in any case and without dashes', async () => {
    const user = await createUser(app);
    const { recoveryCodes } = await turnOn(user);
    const code = recoveryCodes[3] ?? '';
    const first = await verify(await challengeOf(user), code.replaceAll('-', ' ').toLowerCase());
    expect(first.statusCode).toBe(200);
    expect(await status(first.json().token)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    expect(await auditActions(user.id)).toContain('user.recovery_code_used');

    const second = await verify(await challengeOf(user), code);
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(MSG.twoFactorCodeWrong);
  });

  it('keeps the challenge after a wrong code, and wrong codes count towards the login lock', async () => {
    const user = await createUser(app);
    const { secret } = await turnOn(user);
    const challenge = await challengeOf(user);
    for (let i = 1; i < THRESHOLD; i++) {
      const wrong = await verify(challenge, '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(MSG.twoFactorCodeWrong);
    }
    const failures = await app.db
      .select({ reason: loginHistory.failureReason })
      .from(loginHistory)
      .where(and(eq(loginHistory.userId, user.id), eq(loginHistory.success, false)));
    expect(failures.map((f) => f.reason)).toEqual(Array(THRESHOLD - 1).fill('wrong_two_factor_code'));

    // The right password does not reset the count of wrong codes: the next wrong code locks.
    const fresh = await challengeOf(user);
    const locking = await verify(fresh, '999999');
    expect(locking.statusCode).toBe(429);
    const wait = Number(locking.headers['retry-after']);
    expect(locking.json().message).toBe(retryLaterMessage(MSG.accountLocked, wait));

    // Locked: the right code is refused too, as is the password step.
    const right = await verify(challenge, totpCode(secret, 1));
    expect(right.statusCode).toBe(429);
    expect((await login(user)).statusCode).toBe(429);
  });

  it('refuses an expired challenge', async () => {
    const quick = await buildTestApp({ twoFactorChallengeTtlMs: 300 });
    try {
      const user = await createUser(quick);
      const setup = await turnOnTwoFactor(quick, user.token);
      const res = await quick.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: user.username, password: user.password },
      });
      const { challenge } = res.json();
      expect(challenge).toEqual(expect.any(String));
      await vi.waitFor(async () => expect(await quick.redis.exists(challengeKey(challenge))).toBe(0), {
        timeout: 5000,
      });
      const late = await quick.inject({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        payload: { challenge, code: totpCode(setup.secret, 1) },
      });
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe(MSG.twoFactorChallengeExpired);
    } finally {
      await quick.close();
    }
  });

  it('refuses malformed codes and challenges with 400', async () => {
    for (const payload of [
      { challenge: 'x', code: '12345' },
      { challenge: 'x', code: 'not-a-code' },
      { challenge: '', code: '123456' },
      { code: '123456' },
    ]) {
      const res = await post('/api/auth/2fa/verify', payload);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('turning it off', () => {
  it('needs the password and a code, then the password alone signs in again', async () => {
    const user = await createUser(app);
    const { secret, token } = await turnOn(user);
    const disable = (body: object) => post('/api/auth/2fa/disable', body, token);

    const wrongPassword = await disable({ password: 'not-it', code: totpCode(secret, 1) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MSG.currentPasswordWrong);
    const wrongCode = await disable({ password: user.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe(MSG.twoFactorCodeWrong);

    const off = await disable({ password: user.password, code: totpCode(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(MSG.twoFactorDisabled);
    expect(await status(token)).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await login(user)).json()).toHaveProperty('token');
    expect(await auditActions(user.id)).toContain('user.two_factor_off');

    const again = await disable({ password: user.password, code: '123456' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.twoFactorNotEnabled);
  });

  it("counts wrong codes and wrong passwords towards the account's lock: then the right pair is refused too", async () => {
    const user = await createUser(app);
    const { secret, token } = await turnOn(user);
    const disable = (body: object) => post('/api/auth/2fa/disable', body, token);
    for (let i = 0; i < THRESHOLD; i++) {
      const wrong =
        i % 2
          ? await disable({ password: `not-it-${i}`, code: totpCode(secret, 1) })
          : await disable({ password: user.password, code: '000000' });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await disable({ password: user.password, code: totpCode(secret, 1) });
    expect(right.statusCode).toBe(429);
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(right.json().message).toBe(retryLaterMessage(MSG.accountLocked, wait));
    expect(await status(token)).toMatchObject({ enabled: true });
    // The same lock as the sign-in's.
    expect((await login(user)).statusCode).toBe(429);
  });

  it('gives the slot back when the password and the code are right', async () => {
    const user = await createUser(app);
    const { secret, token } = await turnOn(user);
    const disable = (body: object) => post('/api/auth/2fa/disable', body, token);
    for (let i = 1; i < THRESHOLD; i++)
      expect((await disable({ password: user.password, code: '000000' })).statusCode).toBe(400);
    expect((await disable({ password: user.password, code: totpCode(secret, 1) })).statusCode).toBe(200);
    // Three wrong codes still count, and the one that turned it off did not: one more locks.
    expect((await post('/api/auth/login', { identifier: user.username, password: 'wrong' })).statusCode).toBe(
      401,
    );
    expect((await login(user)).statusCode).toBe(429);
  });
});

describe('staff must use two-factor sign-in', () => {
  it('an admin without it signs in flagged, is refused on staff routes until it is on', async () => {
    const admin = await createUser(app, { role: 'admin', twoFactor: false });
    const first = await login(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorSetupRequired: true, token: expect.any(String) });
    const token = first.json().token as string;
    expect(await status(token)).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

    const cards = (as = token) =>
      app.inject({ method: 'GET', url: '/api/admin-stats/cards', headers: auth(as) });
    const refused = await cards();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.twoFactorSetupRequired);
    // Their own account still works, so they can set it up.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) })).statusCode).toBe(
      200,
    );

    const on = await turnOnTwoFactor(app, token);
    expect((await cards(on.token)).statusCode).toBe(200);
    // From now on the password alone does not sign in.
    expect((await login(admin)).json()).toHaveProperty('twoFactorRequired', true);
  });

  it('a superadmin without it is refused on superadmin routes too; a user is never flagged', async () => {
    const root = await createUser(app, { role: 'superadmin', twoFactor: false });
    const res = await app.inject({ method: 'GET', url: '/api/superadmin/site', headers: auth(root.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.twoFactorSetupRequired);

    const user = await createUser(app);
    expect((await login(user)).json()).not.toHaveProperty('twoFactorSetupRequired');
  });
});

describe('pnpm admin reset-2fa', () => {
  const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: inject('databaseUrl') },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );

  it('removes it for an admin who lost the phone: the password signs in and setup is asked again, audited', async () => {
    const admin = await createUser(app, { role: 'admin' });
    expect((await login(admin)).json()).toHaveProperty('twoFactorRequired', true);

    const res = await run(['reset-2fa', admin.email.toUpperCase()]);
    expect(res).toMatchObject({ code: 0 });
    expect(res.stdout).toContain(`Two-factor sign-in removed for ${admin.username}`);
    expect((await login(admin)).json()).toMatchObject({ twoFactorSetupRequired: true });
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_off'), eq(auditLog.targetId, admin.id)));
    expect(row).toMatchObject({ actorId: null, reason: 'pnpm admin reset-2fa' });

    const again = await run(['reset-2fa', admin.username]);
    expect(again.stdout).toContain('nothing changed');
    expect((await run(['reset-2fa', 'nobody-by-this-name'])).code).toBe(1);
  });
});
