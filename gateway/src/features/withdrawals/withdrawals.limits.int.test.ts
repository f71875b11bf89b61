import { checkLedgerInvariants, withdrawals } from '@app/db';
import { MSG } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, GENEROUS_WRITE_LIMITS, type TestUser } from '../../test/helpers.ts';
import { balancesOf } from '../../test/trade-fixtures.ts';
import { bankedUser, decide, newKey, withdraw } from './withdrawals.fixtures.ts';

/** The cap on a user's withdrawals waiting for review, under a burst. */

const PENDING = 3;

let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp({ writeLimits: { ...GENEROUS_WRITE_LIMITS, withdrawals: { pending: PENDING } } });
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

const pendingOf = (userId: string) =>
  app.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));

describe('withdrawals pending at once', () => {
  it('10 at once: the cap is debited and stored, the rest is 409 and moves nothing', async () => {
    const user = await bankedUser(app, 1000);
    const keys = Array.from({ length: 10 }, newKey);
    const answers = await Promise.all(
      keys.map((key) => withdraw(app, user.token, { amount: 10, method: 'bank' }, key)),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(PENDING);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(MSG.withdrawalsPendingTooMany);
    }
    expect(await pendingOf(user.id)).toHaveLength(PENDING);
    expect((await balancesOf(app, user.id)).real).toBe(1000 - 10 * PENDING);
    expect(await checkLedgerInvariants(app.db)).toEqual([]);

    // A retry of a stored request still answers it; a decision frees a place.
    const first = keys[answers.indexOf(created[0] as (typeof answers)[number])] as string;
    const retry = await withdraw(app, user.token, { amount: 10, method: 'bank' }, first);
    expect(retry.statusCode).toBe(200);
    const id = created[0]?.json().withdrawal.id as string;
    expect((await decide(app, admin.token, id, { status: 'approved', remarks: 'Paid' })).statusCode).toBe(
      200,
    );
    expect((await withdraw(app, user.token, { amount: 10, method: 'bank' }, newKey())).statusCode).toBe(201);
    expect((await withdraw(app, user.token, { amount: 10, method: 'bank' }, newKey())).statusCode).toBe(409);

    // Another user's cap is their own.
    const other = await bankedUser(app, 100);
    expect((await withdraw(app, other.token, { amount: 10, method: 'bank' })).statusCode).toBe(201);
  });
});
