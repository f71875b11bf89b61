import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateReferralCode, hashPassword, referralKeys, users } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { Role } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, DEFAULT_SOCKET_LIMITS } from '../config.ts';

export const TEST_PASSWORD = 'secret123';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
export { DESKTOP_UA, MOBILE_UA } from './user-agents.ts';

/** A short random suffix: test files share one database, so names must not collide. */
export const suffix = () => randomBytes(4).toString('hex');
export const uniqueName = (prefix = 'u') => `${prefix}_${suffix()}`;

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
    loginLock: { threshold: 10, windowMs: 15 * 60_000 },
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
};

/** A user straight in the database (no registration, no referral key), with a token. */
export async function createUser(
  app: FastifyInstance,
  opts: { role?: Role; username?: string; password?: string } = {},
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
  return { id: row.id, username, email, role: row.role, password, token: app.signToken(row) };
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
