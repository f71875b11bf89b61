import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topups } from '@app/db';
import { MSG } from '@app/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteLimits } from '../../config.ts';
import {
  auth,
  buildTestApp,
  createUser,
  GENEROUS_WRITE_LIMITS,
  suffix,
  type TestUser,
} from '../../test/helpers.ts';
import { expectHourlyRefusals, statusCounts } from '../../test/limit-fixtures.ts';
import { aPng, multipartOf, postTopup, voucherFiles } from './topups.fixtures.ts';

/**
 * Limits on asking for top-ups, under bursts: top-ups pending at once, a rate per hour, and the
 * voucher storage of one user's recent top-ups. Refused uploads leave no file behind.
 */

const MB = 1024 * 1024;
const apps: Array<{ app: FastifyInstance; voucherDir: string }> = [];

async function appWith(limits: Partial<WriteLimits['topups']>) {
  const voucherDir = join(tmpdir(), `vouchers-${suffix()}`);
  const app = await buildTestApp({
    voucherDir,
    writeLimits: { ...GENEROUS_WRITE_LIMITS, topups: { ...GENEROUS_WRITE_LIMITS.topups, ...limits } },
  });
  apps.push({ app, voucherDir });
  return { app, voucherDir };
}

let admin: TestUser;
let pendingCapped: { app: FastifyInstance; voucherDir: string };
let rated: { app: FastifyInstance; voucherDir: string };
let budgeted: { app: FastifyInstance; voucherDir: string };

beforeAll(async () => {
  pendingCapped = await appWith({ pending: 5 });
  rated = await appWith({ perHour: 10 });
  // Three vouchers of 1 MB fit, a fourth does not.
  budgeted = await appWith({ voucherBytes: 3 * MB + 1000 });
  admin = await createUser(budgeted.app, { role: 'admin' });
});
afterAll(async () => {
  for (const { app, voucherDir } of apps) {
    await app.close();
    await rm(voucherDir, { recursive: true, force: true });
  }
});

const send = async (app: FastifyInstance, user: TestUser, size = 256) =>
  postTopup(app, user.token, await multipartOf({ amount: '500', currency: 'INR', voucher: aPng(size) }));

const burst = (app: FastifyInstance, user: TestUser, n: number, size?: number) =>
  Promise.all(Array.from({ length: n }, () => send(app, user, size)));

const rowsOf = (app: FastifyInstance, userId: string) =>
  app.db.select().from(topups).where(eq(topups.userId, userId));

describe('top-ups pending at once', () => {
  it('15 at once: the cap is stored, the rest is 409 and keeps no voucher; a decision frees a place', async () => {
    const { app, voucherDir } = pendingCapped;
    const user = await createUser(app);
    const answers = await burst(app, user, 15);
    expect(statusCounts(answers)).toEqual({ 201: 5, 409: 10 });
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(MSG.topupsPendingTooMany);
    const rows = await rowsOf(app, user.id);
    expect(rows).toHaveLength(5);
    expect((await voucherFiles(voucherDir)).sort()).toEqual(rows.map((r) => r.voucherKey).sort());

    const staff = await createUser(app, { role: 'admin' });
    const reject = await app.inject({
      method: 'PUT',
      url: `/api/topups/${rows[0]?.id}/reject`,
      headers: auth(staff.token),
      payload: { remarks: 'Payment not found' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await send(app, user)).statusCode).toBe(201);
    expect((await send(app, user)).statusCode).toBe(409);
  });
});

describe('top-ups per hour', () => {
  it('15 at once: the hour’s allowance is stored, the rest is 429 with the wait and uploads nothing', async () => {
    const { app, voucherDir } = rated;
    const user = await createUser(app);
    const answers = await burst(app, user, 15);
    expect(statusCounts(answers)).toEqual({ 201: 10, 429: 5 });
    expectHourlyRefusals(answers, MSG.topupsTooMany);
    expect(await rowsOf(app, user.id)).toHaveLength(10);
    expect(await voucherFiles(voucherDir)).toHaveLength(10);
    expect((await send(app, await createUser(app))).statusCode).toBe(201);
  });
});

describe('voucher storage per user', () => {
  it('6 vouchers of 1 MB at once: what fits is stored, the rest is 409; decided ones count for a day', async () => {
    const { app, voucherDir } = budgeted;
    const user = await createUser(app);
    const answers = await burst(app, user, 6, MB);
    expect(statusCounts(answers)).toEqual({ 201: 3, 409: 3 });
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(MSG.voucherStorageFull);
    const rows = await rowsOf(app, user.id);
    expect(rows.reduce((sum, r) => sum + r.voucherSize, 0)).toBe(3 * MB);
    expect(await voucherFiles(voucherDir)).toHaveLength(3);

    // A small voucher still fits in what is left.
    expect((await send(app, user, 500)).statusCode).toBe(201);

    // Pending ones count however old; decided ones for a day.
    const dayAgo = sql`now() - interval '25 hours'`;
    const ids = rows.map((r) => r.id);
    await app.db.update(topups).set({ createdAt: dayAgo }).where(inArray(topups.id, ids));
    expect((await send(app, user, MB)).statusCode).toBe(409);
    const approve = (id: string) =>
      app.inject({ method: 'PUT', url: `/api/topups/${id}/approve`, headers: auth(admin.token) });
    for (const id of ids) expect((await approve(id)).statusCode).toBe(200);
    const recent = await send(app, user, MB);
    expect(recent.statusCode).toBe(201);
    expect((await approve(recent.json().topup.id)).statusCode).toBe(200);
    expect((await send(app, user, 2 * MB)).statusCode).toBe(201);
    expect((await send(app, user, MB)).statusCode).toBe(409);

    // Another user has storage of their own.
    expect((await send(app, await createUser(app), MB)).statusCode).toBe(201);
  });
});
