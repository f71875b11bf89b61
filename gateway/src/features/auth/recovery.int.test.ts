import {
  accountTokens,
  hashAccountToken,
  issueAccountToken,
  loginLocks,
  refreshAdminStats,
  users,
} from '@app/db';
import { MSG } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  type CaughtMail,
  linkIn,
  type MailCatcher,
  startMailCatcher,
  tokenOf,
} from '../../../../scripts/lib/mail-catcher.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../../workers/src/testing/worker-process.ts';
import {
  auth,
  buildIsolatedApp,
  buildTestApp,
  createKey,
  createUser,
  registration,
  suffix,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/helpers.ts';
import { type ClientSocket, connected, listen, next } from '../../test/socket-client.ts';

/**
 * Password reset, email verification and the sign-in lock notice end to end: the gateway queues
 * the email, a real workers process sends it over SMTP to a real mail catcher (maildev), and the
 * test reads the link from the received email. On a database of its own, so the dashboard's
 * counts are exact.
 */
const PUBLIC_URL = 'http://platform.test';
const RESET_MAILS_PER_HOUR = 3;
const redisPrefix = `${inject('redisPrefix')}mail-${suffix()}:`;

let app: FastifyInstance;
let close: () => Promise<void>;
let url: string;
let mail: MailCatcher;
let workers: WorkerProcess;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  let databaseUrl: string;
  ({ app, close, databaseUrl } = await buildIsolatedApp({ redisPrefix, accountMailRateLimit: 1000 }));
  url = await listen(app);
  workers = startWorkerProcess({
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: redisPrefix,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    MARKET_ENABLED: 'false',
    SETTLEMENT_ENABLED: 'false',
    SMTP_URL: mail.smtpUrl,
    PUBLIC_URL,
    RESET_MAILS_PER_HOUR: String(RESET_MAILS_PER_HOUR),
  });
  await vi.waitFor(
    () => {
      if (workers.child.exitCode !== null) throw new Error(`workers exited:\n${workers.describe()}`);
      if (!workers.logs.some((l) => l.msg === 'workers ready')) throw new Error('workers not ready');
    },
    { timeout: 30_000, interval: 100 },
  );
});

afterAll(async () => {
  for (const s of sockets) s.close();
  if (workers?.child.exitCode === null) {
    workers.child.kill('SIGTERM');
    await workers.exited;
  }
  await close?.();
  await mail?.stop();
});

/** The `n`th email to `address` once it has arrived (1: the first). */
async function mailTo(address: string, n = 1): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mail.mailsTo(address))[n - 1];
        return found !== undefined;
      },
      { timeout: 15_000, message: `email ${n} to ${address}` },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** Every mail job done (sent jobs are removed; a failed one would show here). */
async function mailQueueDrained() {
  await expect
    .poll(async () => {
      const c = await app.queues.mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
      return Object.values(c).reduce((a, b) => a + b, 0);
    })
    .toBe(0);
}

const forgot = (identifier: string, remote?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { identifier },
    ...(remote ? { remoteAddress: remote } : {}),
  });
const reset = (token: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
const login = (identifier: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });

async function resetLinkFor(user: TestUser, identifier = user.username, n = 1) {
  expect((await forgot(identifier)).statusCode).toBe(200);
  const received = await mailTo(user.email, n);
  expect(received.subject).toMatch(/reset/i);
  expect(received.html).toContain('href=');
  return linkIn(received, `${PUBLIC_URL}/reset-password`);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers an unknown account exactly as a known one', async () => {
    const user = await createUser(app);
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${suffix()}@example.com`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: MSG.resetLinkSent });
    // The known account's email arrives: the answer did not wait for it.
    await mailTo(user.email);
  });

  it('refuses a missing identifier with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.identifierRequired);
  });

  it('sends one account at most its hourly number of links, answering every request alike', async () => {
    const user = await createUser(app);
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) answers.push((await forgot(user.username)).body);
    expect(new Set(answers).size).toBe(1);
    await mailQueueDrained();
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password_reset')));
    expect(row?.n).toBe(RESET_MAILS_PER_HOUR);
    expect(await mail.mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('limits requests per address with 429', async () => {
    const limited = await buildTestApp({ accountMailRateLimit: 2 });
    try {
      const ask = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { identifier: `nobody-${suffix()}` },
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the emailed link, once, and ends every session including sockets', async () => {
    const user = await createUser(app);
    const socket = await connected(url, user.token);
    sockets.push(socket);
    const ended = next(socket, 'session:ended', 15_000);
    const link = await resetLinkFor(user);

    const res = await reset(tokenOf(link), 'a-new-pass-42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordReset });
    expect(await ended).toEqual({ reason: 'password_reset', message: MSG.sessionEndedPasswordReset });

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.token) });
    expect(me.statusCode).toBe(401);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, 'a-new-pass-42')).statusCode).toBe(200);

    const again = await reset(tokenOf(link), 'another-pass-43');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetLinkInvalid);

    const [entry] = await app.db.execute<{ action: string; actor_id: string | null }>(
      sql`select action, actor_id from audit_log where target_id = ${user.id}`,
    );
    expect(entry).toMatchObject({ action: 'user.password_reset', actor_id: null });
  });

  it('lifts a sign-in lock', async () => {
    const user = await createUser(app);
    await app.db
      .insert(loginLocks)
      .values({ userId: user.id, failures: [new Date()], lockedUntil: new Date(Date.now() + 3_600_000) });
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(429);
    const link = await resetLinkFor(user, user.email);
    expect((await reset(tokenOf(link), 'unlocked-pass-7')).statusCode).toBe(200);
    expect((await login(user.username, 'unlocked-pass-7')).statusCode).toBe(200);
  });

  it('applies the password rules and leaves the link usable after a refusal', async () => {
    const user = await createUser(app);
    const token = await issueAccountToken(app.db, {
      userId: user.id,
      purpose: 'password_reset',
      email: user.email,
    });
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordTooWeak);
    expect((await reset(token, 'abc')).json().message).toBe(MSG.newPasswordTooShort);
    expect((await reset(token, 'good-enough-9')).statusCode).toBe(200);
  });

  it('refuses an expired link, a link of another purpose and a made-up one', async () => {
    const user = await createUser(app);
    const expired = await issueAccountToken(app.db, {
      userId: user.id,
      purpose: 'password_reset',
      email: user.email,
    });
    await app.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashAccountToken(expired)));
    const verification = await issueAccountToken(app.db, {
      userId: user.id,
      purpose: 'email_verification',
      email: user.email,
    });
    for (const token of [expired, verification, 'A'.repeat(43)]) {
      const res = await reset(token, 'fresh-pass-11');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.resetLinkInvalid);
    }
    expect((await reset('not-a-token', 'fresh-pass-11')).statusCode).toBe(400);
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(app);
    const token = tokenOf(await resetLinkFor(user));
    const rows = await app.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash.equals(hashAccountToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Valid for 30 minutes.
    const ttl =
      (rows[0] as { expiresAt: Date; createdAt: Date }).expiresAt.getTime() -
      (rows[0]?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(30 * 60_000);
  });
});

describe('the sign-in lock notice', () => {
  const loginFrom = (user: TestUser, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: user.username, password },
      remoteAddress,
    });

  it('tells the owner once when guesses from elsewhere lock the account, and that their usual address still works', async () => {
    const user = await createUser(app);
    const home = '10.91.0.1';
    expect((await loginFrom(user, user.password, home)).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++)
      expect((await loginFrom(user, `wrong-guess-${i}`, `10.91.1.${i}`)).statusCode).toBe(401);
    expect((await loginFrom(user, user.password, '10.91.2.1')).statusCode).toBe(429);

    const notice = await mailTo(user.email);
    expect(notice.subject).toMatch(/locked/i);
    // The address is not verified: the username at most, nothing else the user wrote.
    expect(notice.text).toContain(`Hello ${user.username},`);
    expect(notice.text).toMatch(
      /refused until .+\. You can still sign in from the address you last signed in from\./,
    );
    for (const part of [notice.text, notice.html]) expect(part).not.toMatch(/10\.91\./);
    // The refusals after the lock send nothing more.
    await mailQueueDrained();
    expect(await mail.mailsTo(user.email)).toHaveLength(1);
  });
});

describe('email verification', () => {
  const verify = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const me = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) })).json().user;

  it('mails a link at registration that verifies the address once', async () => {
    const key = await createKey(app);
    const body = registration(key.code);
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(registered.statusCode).toBe(201);
    const { token } = registered.json();
    expect(await me(token)).toMatchObject({ emailVerified: false, emailVerifiedAt: null });

    const received = await mailTo(body.email);
    expect(received.subject).toMatch(/confirm/i);
    const link = linkIn(received, `${PUBLIC_URL}/verify-email`);
    const res = await verify(tokenOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.emailVerified });
    expect(await me(token)).toMatchObject({ emailVerified: true });

    const again = await verify(tokenOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.verifyLinkInvalid);
  });

  it('mails an unverified address nothing the registrant wrote but the username', async () => {
    const key = await createKey(app);
    const lure = 'Visit https://evil.example/login now';
    const body = registration(key.code, { firstName: lure, lastName: 'at evil.example' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(
      201,
    );
    const received = await mailTo(body.email);
    for (const part of [received.text, received.html, received.subject]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Visit');
    }
    expect(received.text).toContain(`Hello ${body.username},`);

    // Once the address is verified it is the holder's own: a reset greets them by first name.
    expect((await verify(tokenOf(linkIn(received, `${PUBLIC_URL}/verify-email`)))).statusCode).toBe(200);
    expect((await forgot(body.username)).statusCode).toBe(200);
    expect((await mailTo(body.email, 2)).text).toContain(`Hello ${lure},`);
  });

  it('sends the link again on request, and refuses once verified', async () => {
    const user = await createUser(app);
    const resend = () =>
      app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: auth(user.token) });
    const res = await resend();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.verificationSent });
    const link = linkIn(await mailTo(user.email), `${PUBLIC_URL}/verify-email`);
    expect((await verify(tokenOf(link))).statusCode).toBe(200);
    const after = await resend();
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(MSG.emailAlreadyVerified);
    expect((await app.inject({ method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(401);
  });

  it('an email changed by an admin is unverified, gets a link, and an old link no longer verifies', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app);
    const oldLink = await issueAccountToken(app.db, {
      userId: user.id,
      purpose: 'email_verification',
      email: user.email,
    });
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const newEmail = `changed-${suffix()}@example.com`;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      headers: auth(admin.token),
      payload: { email: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(user.token)).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await verify(oldLink)).statusCode).toBe(400);
    const link = linkIn(await mailTo(newEmail), `${PUBLIC_URL}/verify-email`);
    expect((await verify(tokenOf(link))).statusCode).toBe(200);
    expect(await me(user.token)).toMatchObject({ emailVerified: true });
  });

  it("counts verified and unverified accounts on the admin dashboard's cards", async () => {
    const admin = await createUser(app, { role: 'admin' });
    await refreshAdminStats(app.db);
    const [counts] = await app.db.execute<{ verified: number; total: number }>(
      sql`select count(*) filter (where email_verified_at is not null)::int as verified, count(*)::int as total from users`,
    );
    expect(counts?.verified).toBeGreaterThan(0);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin-stats/cards',
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cards).toMatchObject({
      emailVerified: counts?.verified,
      emailUnverified: (counts?.total ?? 0) - (counts?.verified ?? 0),
    });
  });
});
