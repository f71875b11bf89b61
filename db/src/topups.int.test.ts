import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { IdempotencyConflictError, InvalidMoneyInputError } from './errors.ts';
import { checkLedgerInvariants, getBalances, getPlatformBalance } from './index.ts';
import { createUser, fund, uniq } from './money.fixtures.ts';
import { journalEntries, topups } from './schema/index.ts';
import {
  createTopup,
  decideTopup,
  type NewTopup,
  TopupDecidedError,
  TopupNotFoundError,
  topupApproveKey,
} from './topups.ts';

const client = createDb(inject('databaseUrl'), { max: 20 });
afterAll(() => client.close());
const { db } = client;

afterEach(async () => {
  expect(await checkLedgerInvariants(db)).toEqual([]);
});

const newTopup = (userId: string, overrides: Partial<NewTopup> = {}): NewTopup => ({
  userId,
  amount: 123_450n,
  voucherKey: `${randomUUID()}.png`,
  voucherType: 'image/png',
  voucherSize: 2048,
  ...overrides,
});

const rechargesOf = (topupId: string) =>
  db.select().from(journalEntries).where(eq(journalEntries.reference, topupId));

describe('createTopup', () => {
  it('stores a pending request and moves no money', async () => {
    const userId = await createUser(db);
    const { topup, created } = await createTopup(db, newTopup(userId));
    expect(created).toBe(true);
    expect(topup).toMatchObject({
      userId,
      amount: 123_450n,
      currency: 'INR',
      status: 'pending',
      decidedAt: null,
      journalEntryId: null,
    });
    expect(await getBalances(db, userId)).toMatchObject({ real: 0n });
  });

  it('answers a repeated idempotency key with the first request, and refuses it for another amount', async () => {
    const userId = await createUser(db);
    const key = uniq('key-');
    const first = await createTopup(db, newTopup(userId, { idempotencyKey: key }));
    const again = await createTopup(db, newTopup(userId, { idempotencyKey: key }));
    expect(again).toEqual({ topup: first.topup, created: false });
    await expect(
      createTopup(db, newTopup(userId, { idempotencyKey: key, amount: 1n })),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    // Another user may use the same key for their own request.
    const otherUser = await createUser(db);
    expect((await createTopup(db, newTopup(otherUser, { idempotencyKey: key }))).created).toBe(true);
  });

  it('creates one request when retries with the same key arrive at once', async () => {
    const userId = await createUser(db);
    const key = uniq('key-');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createTopup(db, newTopup(userId, { idempotencyKey: key }))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.topup.id)).size).toBe(1);
    expect(await db.$count(topups, eq(topups.userId, userId))).toBe(1);
  });

  it('refuses an amount that is not above 0', async () => {
    const userId = await createUser(db);
    await expect(createTopup(db, newTopup(userId, { amount: 0n }))).rejects.toBeInstanceOf(
      InvalidMoneyInputError,
    );
  });
});

describe('decideTopup', () => {
  it('approval credits the amount once as a recharge from the payments account', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    await fund(db, userId, 1_000n);
    const payments = await getPlatformBalance(db, 'payments');
    const { topup: pending } = await createTopup(db, newTopup(userId));

    const { before, topup, credit } = await decideTopup(db, pending.id, { decision: 'approve', adminId });
    expect(before.status).toBe('pending');
    expect(topup).toMatchObject({ status: 'approved', decidedBy: adminId, remarks: null });
    expect(topup.decidedAt).toBeInstanceOf(Date);
    expect(credit?.balanceAfter).toBe(124_450n);
    expect(topup.journalEntryId).toBe(credit?.entryId);
    expect((await getBalances(db, userId)).real).toBe(124_450n);
    expect(await getPlatformBalance(db, 'payments')).toBe(payments - 123_450n);

    const entries = await rechargesOf(pending.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'recharge',
      userId,
      account: 'real',
      idempotencyKey: topupApproveKey(pending.id),
      createdBy: adminId,
    });
  });

  it('rejection keeps the remarks and moves nothing; the decision is final', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    const { topup: pending } = await createTopup(db, newTopup(userId));

    const { topup, credit } = await decideTopup(db, pending.id, {
      decision: 'reject',
      adminId,
      remarks: '  Blurry voucher  ',
    });
    expect(credit).toBeNull();
    expect(topup).toMatchObject({ status: 'rejected', remarks: 'Blurry voucher', journalEntryId: null });
    expect(await rechargesOf(pending.id)).toEqual([]);

    await expect(decideTopup(db, pending.id, { decision: 'approve', adminId })).rejects.toBeInstanceOf(
      TopupDecidedError,
    );
    await expect(
      decideTopup(db, pending.id, { decision: 'reject', adminId, remarks: 'again' }),
    ).rejects.toBeInstanceOf(TopupDecidedError);
    expect((await getBalances(db, userId)).real).toBe(0n);
  });

  it('lets exactly one of many concurrent decisions through', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    const { topup: pending } = await createTopup(db, newTopup(userId));

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        decideTopup(
          db,
          pending.id,
          i % 2 === 0 ? { decision: 'approve', adminId } : { decision: 'reject', adminId, remarks: 'No' },
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TopupDecidedError);
    }
    const [row] = await db.select().from(topups).where(eq(topups.id, pending.id));
    const entries = await rechargesOf(pending.id);
    expect(entries).toHaveLength(row?.status === 'approved' ? 1 : 0);
    expect((await getBalances(db, userId)).real).toBe(row?.status === 'approved' ? 123_450n : 0n);
  });

  it('rolls back with the caller’s transaction', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    const { topup: pending } = await createTopup(db, newTopup(userId));
    await expect(
      db.transaction(async (tx) => {
        await decideTopup(tx, pending.id, { decision: 'approve', adminId });
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    const [row] = await db.select().from(topups).where(eq(topups.id, pending.id));
    expect(row?.status).toBe('pending');
    expect(await rechargesOf(pending.id)).toEqual([]);
    expect((await getBalances(db, userId)).real).toBe(0n);
  });

  it('does not find unknown or malformed ids', async () => {
    const adminId = await createUser(db, 'admin');
    await expect(decideTopup(db, randomUUID(), { decision: 'approve', adminId })).rejects.toBeInstanceOf(
      TopupNotFoundError,
    );
    await expect(decideTopup(db, 'nope', { decision: 'approve', adminId })).rejects.toBeInstanceOf(
      TopupNotFoundError,
    );
  });

  it('needs remarks to reject', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    const { topup } = await createTopup(db, newTopup(userId));
    await expect(
      decideTopup(db, topup.id, { decision: 'reject', adminId, remarks: '  ' }),
    ).rejects.toBeInstanceOf(InvalidMoneyInputError);
  });
});

describe('the topups table', () => {
  it('refuses an approval without its credit, and any change to a decided request', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    const { topup: pending } = await createTopup(db, newTopup(userId));
    await expect(
      client.sql`update topups set status = 'approved', decided_at = now() where id = ${pending.id}`,
    ).rejects.toMatchObject({ constraint_name: 'topups_decided' });

    await decideTopup(db, pending.id, { decision: 'reject', adminId, remarks: 'No' });
    await expect(client.sql`update topups set remarks = 'changed' where id = ${pending.id}`).rejects.toThrow(
      /already decided/,
    );
  });
});
