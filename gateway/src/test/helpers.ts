import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acceptDisclosure,
  generateReferralCode,
  hashPassword,
  referralKeys,
  twoFactor,
  users,
} from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { isAdminRole, type Role } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, DEFAULT_SOCKET_LIMITS, type WriteLimits } from '../config.ts';
import { createSecretBox, newTotpSecret } from '../features/two-factor/totp.ts';

export const TEST_PASSWORD = 'quiet-Lantern-58';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
export { DESKTOP_UA, MOBILE_UA } from './user-agents.ts';

/** A short random suffix: test files share one database, so names must not collide. */
export const suffix = () => randomBytes(4).toString('hex');
export const uniqueName = (prefix = 'u') => `${prefix}_${suffix()}`;

/** Far above what a test file does with one user, unless a test asks for small ones. */
export const GENEROUS_WRITE_LIMITS: WriteLimits = {
  tickets: { perHour: 10_000, open: 10_000 },
  topups: { perHour: 10_000, pending: 10_000, voucherBytes: 1024 ** 4 },
  withdrawals: { pending: 10_000 },
  accountMailsPerHour: 10_000,
};

/**
 * Settings for a gateway on this run's database and Redis. Each app gets its own Redis
 * prefix, so rate-limit counters of one test never leak into another; limits are generous
 * unless a test asks for small ones.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: inject('databaseUrl'),
    redisUrl: inject('redisUrl'),
    redisPrefix: `${inject('redisPrefix')}gw-${suffix()}:`,
    jwtSecret: TEST_JWT_SECRET,
    jwtExpiresIn: '1h',
    webDist: undefined,
    logLevel: 'silent',
    loginRateLimit: 1000,
    registerRateLimit: 1000,
    changePasswordRateLimit: 1000,
    loginLock: { threshold: 10, windowMs: 15 * 60_000 },
    writeLimits: GENEROUS_WRITE_LIMITS,
    trustProxy: false,
    socketCorsOrigins: [],
    // Test files open many sockets from 127.0.0.1 to one app.
    socketLimits: { ...DEFAULT_SOCKET_LIMITS, maxConnectionsPerIp: 10_000 },
    tradeMaxPriceAgeMs: 5000,
    voucherDir: join(tmpdir(), `vouchers-${suffix()}`),
    ...overrides,
  };
}

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides));
  await app.ready();
  return app;
}

/**
 * An app on a database of its own, for tests that count rows: other test files write to the
 * shared database at the same time. Close it with the returned function.
 */
export async function buildIsolatedApp(
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; databaseUrl: string; close: () => Promise<void> }> {
  const database = await createTestDatabase(inject('adminDatabaseUrl'));
  const app = await buildTestApp({ ...overrides, databaseUrl: database.url });
  return {
    app,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let passwordHash: Promise<string> | undefined;
/** argon2 is slow on purpose: hash the shared test password once per file. */
const testPasswordHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

export type TestUser = {
  id: string;
  username: string;
  email: string;
  role: Role;
  password: string;
  token: string;
  /** The TOTP secret when two-factor sign-in is on (staff, unless asked otherwise). */
  totpSecret: string | null;
};

/** Sealed as the test apps seal (their key is derived from TEST_JWT_SECRET). */
const testSecretBox = createSecretBox(TEST_JWT_SECRET);

/**
 * Two-factor sign-in turned on for a user straight in the database, as if they had set it up
 * (no code used yet, so any current code signs in); its secret.
 */
export async function enrollTwoFactor(app: FastifyInstance, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await app.db
    .insert(twoFactor)
    .values({ userId, secret: testSecretBox.seal(userId, secret), enabledAt: new Date() });
  return secret;
}

/**
 * The TOTP code of `secret` `stepOffset` steps of 30 s from now. The gateway accepts the steps
 * next to the current one and never one at or before the last it accepted: a second sign-in
 * with one secret inside 30 s takes offset 1.
 */
export const totpCode = (secret: string, stepOffset = 0): string =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });

/**
 * Two-factor sign-in set up and turned on through the API by the signed-in user, with the
 * current code (their next sign-in takes offset 1); the setup's secret and recovery codes, and
 * the new token the answer carries (turning it on ends every earlier session, `token`'s too).
 */
export async function turnOnTwoFactor(
  app: FastifyInstance,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[]; token: string }> {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(token) });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed (${setup.statusCode}): ${setup.body}`);
  const body = setup.json() as { secret: string; recoveryCodes: string[] };
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: auth(token),
    payload: { code: totpCode(body.secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed (${enable.statusCode}): ${enable.body}`);
  return { ...body, token: (enable.json() as { token: string }).token };
}

/**
 * Both steps of a sign-in through the API: the password, then, when a challenge comes back, the
 * code of `user.totpSecret` at `stepOffset`. The last answer (a session, or the refusal).
 */
export async function signIn(
  app: FastifyInstance,
  user: { username: string; password: string; totpSecret: string | null },
  opts: { userAgent?: string; stepOffset?: number } = {},
) {
  const headers = opts.userAgent ? { 'user-agent': opts.userAgent } : {};
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { identifier: user.username, password: user.password },
  });
  if (first.statusCode !== 200 || !first.json().twoFactorRequired) return first;
  if (!user.totpSecret) throw new Error(`${user.username} has two-factor sign-in on but no secret here`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    headers,
    payload: { challenge: first.json().challenge, code: totpCode(user.totpSecret, opts.stepOffset ?? 0) },
  });
}

/**
 * A user straight in the database (no registration, no referral key), with a token. Staff get
 * two-factor sign-in turned on, as staff routes require it, unless `twoFactor: false`.
 */
export async function createUser(
  app: FastifyInstance,
  opts: { role?: Role; username?: string; password?: string; twoFactor?: boolean; disclosure?: boolean } = {},
): Promise<TestUser> {
  const username = opts.username ?? uniqueName(opts.role?.slice(0, 2) ?? 'u');
  const email = `${username.toLowerCase()}@example.com`;
  const password = opts.password ?? TEST_PASSWORD;
  const [row] = await app.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'User',
      username,
      email,
      passwordHash: opts.password ? await hashPassword(opts.password) : await testPasswordHash(),
      role: opts.role ?? 'user',
    })
    .returning();
  if (!row) throw new Error('no user row');
  // Real-money trades, top-ups and withdrawals need it; the gate's own tests start without.
  if (opts.disclosure !== false) await acceptDisclosure(app.db, row.id);
  const totpSecret = (opts.twoFactor ?? isAdminRole(row.role)) ? await enrollTwoFactor(app, row.id) : null;
  return { id: row.id, username, email, role: row.role, password, token: app.signToken(row), totpSecret };
}

export async function createKey(
  app: FastifyInstance,
  opts: {
    maxUses?: number;
    usedCount?: number;
    active?: boolean;
    expiresAt?: Date | null;
    label?: string;
  } = {},
) {
  const [row] = await app.db
    .insert(referralKeys)
    .values({
      code: generateReferralCode(),
      label: opts.label ?? null,
      maxUses: opts.maxUses ?? 1,
      usedCount: opts.usedCount ?? 0,
      active: opts.active ?? true,
      expiresAt: opts.expiresAt ?? null,
    })
    .returning();
  if (!row) throw new Error('no key row');
  return row;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function registration(referral: string, overrides: Record<string, unknown> = {}) {
  const username = uniqueName('r');
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    username,
    email: `${username}@example.com`,
    referral,
    password: TEST_PASSWORD,
    country: 'India',
    ...overrides,
  };
}
