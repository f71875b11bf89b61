import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { IdempotencyConflictError, InvalidMoneyInputError } from './errors.ts';
import { checkLedgerInvariants, getBalances, getPlatformBalance, withdrawalEntries } from './index.ts';
import { createUser, fund, uniq } from './money.fixtures.ts';
import { journalEntries, users, withdrawals } from './schema/index.ts';
import {
  createWithdrawal,
  decideWithdrawal,
  generateTrxNumber,
  type NewWithdrawal,
  WithdrawalAboveAvailableError,
  type WithdrawalBank,
  WithdrawalBankRequiredError,
  WithdrawalDecidedError,
  WithdrawalNotFoundError,
  withdrawalDebitKey,
  withdrawalReturnKey,
} from './withdrawals.ts';

const client = createDb(inject('databaseUrl'), { max: 30 });
afterAll(() => client.close());
const { db } = client;

afterEach(async () => {
  expect(await checkLedgerInvariants(db)).toEqual([]);
});

const BANK: WithdrawalBank = {
  accountHolderName: 'Asha Verma',
  bankAccountNumber: '123456789012',
  bankName: 'State Bank of India',
  ifscCode: 'SBIN0001234',
};

/** A user with saved bank details and `paise` of real money. */
async function bankedUser(paise = 100_000n): Promise<string> {
  const userId = await createUser(db);
  await db.update(users).set(BANK).where(eq(users.id, userId));
  if (paise > 0n) await fund(db, userId, paise);
  return userId;
}

const request = (userId: string, overrides: Partial<NewWithdrawal> = {}): NewWithdrawal => ({
  userId,
  amount: 10_000n,
  ...overrides,
});

const entriesOf = (withdrawalId: string) =>
  db.select().from(journalEntries).where(eq(journalEntries.reference, withdrawalId));
const realOf = async (userId: string) => (await getBalances(db, userId)).real;

describe('generateTrxNumber', () => {
  it('is WD, the day in India and 6 random base32 characters', () => {
    // 20:00 UTC on 1 Jan is already 2 Jan in India.
    const trx = generateTrxNumber(new Date(Date.UTC(2026, 0, 1, 20, 0, 0)));
    expect(trx).toMatch(/^WD260102[A-Z2-7]{6}$/);
    expect(new Set(Array.from({ length: 50 }, () => generateTrxNumber())).size).toBe(50);
  });
});

describe('createWithdrawal', () => {
  it('debits the amount at once and keeps the bank account as it was', async () => {
    const userId = await bankedUser(100_000n);
    const payments = await getPlatformBalance(db, 'payments');
    const { withdrawal, created } = await createWithdrawal(db, request(userId, { amount: 40_000n }));
    expect(created).toBe(true);
    expect(withdrawal).toMatchObject({
      userId,
      amount: 40_000n,
      charge: 0n,
      method: 'bank',
      status: 'pending',
      remarks: null,
      decidedAt: null,
      returnEntryId: null,
      ...BANK,
    });
    expect(withdrawal.trxNumber).toMatch(/^WD\d{6}[A-Z2-7]{6}$/);
    expect(await realOf(userId)).toBe(60_000n);
    expect(await getPlatformBalance(db, 'payments')).toBe(payments + 40_000n);

    const entries = await entriesOf(withdrawal.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: withdrawal.debitEntryId,
      type: 'withdrawal',
      userId,
      account: 'real',
      idempotencyKey: withdrawalDebitKey(withdrawal.id),
      remarks: `Withdrawal ${withdrawal.trxNumber}`,
    });

    // A later change of the profile does not redirect a request already made.
    await db.update(users).set({ bankAccountNumber: '999999999999' }).where(eq(users.id, userId));
    const [stored] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(stored?.bankAccountNumber).toBe(BANK.bankAccountNumber);
  });

  it('refuses a user whose profile lacks a bank field, unless the request brings all four', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 50_000n);
    await db
      .update(users)
      .set({ ...BANK, ifscCode: null })
      .where(eq(users.id, userId));
    await expect(createWithdrawal(db, request(userId))).rejects.toBeInstanceOf(WithdrawalBankRequiredError);
    expect(await realOf(userId)).toBe(50_000n);

    const bank = { ...BANK, bankName: 'HDFC Bank', ifscCode: 'HDFC0000123' };
    const { withdrawal } = await createWithdrawal(db, request(userId, { bank }));
    expect(withdrawal).toMatchObject(bank);
    const [profile] = await db.select().from(users).where(eq(users.id, userId));
    expect(profile).toMatchObject(bank);
  });

  it('saves nothing when the request is refused', async () => {
    const userId = await createUser(db);
    await expect(
      createWithdrawal(db, request(userId, { bank: BANK, amount: 1_000n })),
    ).rejects.toBeInstanceOf(WithdrawalAboveAvailableError);
    const [profile] = await db.select().from(users).where(eq(users.id, userId));
    expect(profile?.bankAccountNumber).toBeNull();
    expect(await db.$count(withdrawals, eq(withdrawals.userId, userId))).toBe(0);
  });

  it('refuses more than the balance minus the hold, and accepts exactly that much', async () => {
    const userId = await bankedUser(100_000n);
    await db.update(users).set({ freezAmount: 30_000n, freezReason: 'KYC' }).where(eq(users.id, userId));

    const refused = await createWithdrawal(db, request(userId, { amount: 70_001n })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WithdrawalAboveAvailableError);
    expect(refused).toMatchObject({ available: 70_000n, amount: 70_001n });
    // Above the balance itself: the ledger refuses, with the same answer.
    await expect(createWithdrawal(db, request(userId, { amount: 100_001n }))).rejects.toBeInstanceOf(
      WithdrawalAboveAvailableError,
    );
    expect(await realOf(userId)).toBe(100_000n);
    expect(await db.$count(withdrawals, eq(withdrawals.userId, userId))).toBe(0);

    await createWithdrawal(db, request(userId, { amount: 70_000n }));
    expect(await realOf(userId)).toBe(30_000n);
    await expect(createWithdrawal(db, request(userId, { amount: 1n }))).rejects.toBeInstanceOf(
      WithdrawalAboveAvailableError,
    );
  });

  it('refuses an amount that is not above 0', async () => {
    const userId = await bankedUser();
    await expect(createWithdrawal(db, request(userId, { amount: 0n }))).rejects.toBeInstanceOf(
      InvalidMoneyInputError,
    );
  });

  it('answers a repeated idempotency key with the first request, and refuses it for another amount', async () => {
    const userId = await bankedUser(100_000n);
    const key = uniq('key-');
    const first = await createWithdrawal(db, request(userId, { idempotencyKey: key }));
    const again = await createWithdrawal(db, request(userId, { idempotencyKey: key }));
    expect(again).toEqual({ withdrawal: first.withdrawal, created: false });
    await expect(
      createWithdrawal(db, request(userId, { idempotencyKey: key, amount: 20_000n })),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await realOf(userId)).toBe(90_000n);
  });

  it('creates one request and one debit when retries with the same key arrive at once', async () => {
    const userId = await bankedUser(100_000n);
    const key = uniq('key-');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createWithdrawal(db, request(userId, { idempotencyKey: key }))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.withdrawal.id)).size).toBe(1);
    expect(await db.$count(withdrawals, eq(withdrawals.userId, userId))).toBe(1);
    expect(await realOf(userId)).toBe(90_000n);
  });

  it('accepts exactly the 10 of 20 concurrent requests the balance covers', async () => {
    const userId = await bankedUser(100_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => createWithdrawal(db, request(userId, { amount: 10_000n }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toBeInstanceOf(WithdrawalAboveAvailableError);
    expect(await realOf(userId)).toBe(0n);
    expect(await db.$count(withdrawals, eq(withdrawals.userId, userId))).toBe(10);
  });
});

describe('decideWithdrawal', () => {
  it('approval moves no money: the debit was made with the request', async () => {
    const userId = await bankedUser(100_000n);
    const adminId = await createUser(db, 'admin');
    const { withdrawal: pending } = await createWithdrawal(db, request(userId, { amount: 25_000n }));

    const { before, withdrawal, returned } = await decideWithdrawal(db, pending.id, {
      decision: 'approve',
      adminId,
      remarks: ' Paid by IMPS ',
    });
    expect(before.status).toBe('pending');
    expect(returned).toBeNull();
    expect(withdrawal).toMatchObject({
      status: 'approved',
      remarks: 'Paid by IMPS',
      decidedBy: adminId,
      returnEntryId: null,
    });
    expect(withdrawal.decidedAt).toBeInstanceOf(Date);
    expect(await realOf(userId)).toBe(75_000n);
    expect(await entriesOf(pending.id)).toHaveLength(1);

    const { debit, returned: none } = await withdrawalEntries(db, withdrawal);
    expect(none).toBeNull();
    expect(debit).toMatchObject({
      entryId: pending.debitEntryId,
      type: 'withdrawal',
      direction: 'debit',
      amount: 25_000n,
      balanceAfter: 75_000n,
      reference: pending.id,
    });
  });

  it('rejection returns the amount once; the decision is final', async () => {
    const userId = await bankedUser(100_000n);
    const adminId = await createUser(db, 'admin');
    const { withdrawal: pending } = await createWithdrawal(db, request(userId, { amount: 25_000n }));

    const { withdrawal, returned } = await decideWithdrawal(db, pending.id, {
      decision: 'reject',
      adminId,
      remarks: 'Account closed',
    });
    expect(returned?.balanceAfter).toBe(100_000n);
    expect(withdrawal).toMatchObject({
      status: 'rejected',
      remarks: 'Account closed',
      returnEntryId: returned?.entryId,
    });
    expect(await realOf(userId)).toBe(100_000n);

    const [entry] = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, withdrawalReturnKey(pending.id)));
    expect(entry).toMatchObject({
      type: 'withdrawal_return',
      userId,
      createdBy: adminId,
      reference: pending.id,
    });
    const entries = await withdrawalEntries(db, withdrawal);
    expect(entries.returned).toMatchObject({ direction: 'credit', amount: 25_000n, balanceAfter: 100_000n });

    for (const decision of ['approve', 'reject'] as const) {
      await expect(
        decideWithdrawal(db, pending.id, { decision, adminId, remarks: 'again' }),
      ).rejects.toBeInstanceOf(WithdrawalDecidedError);
    }
    // Not even a direct UPDATE changes a decided row.
    await expect(
      db.update(withdrawals).set({ remarks: 'edited' }).where(eq(withdrawals.id, pending.id)),
    ).rejects.toThrow();
    expect(await realOf(userId)).toBe(100_000n);
  });

  it('needs remarks and an existing withdrawal', async () => {
    const userId = await bankedUser();
    const adminId = await createUser(db, 'admin');
    const { withdrawal } = await createWithdrawal(db, request(userId));
    await expect(
      decideWithdrawal(db, withdrawal.id, { decision: 'approve', adminId, remarks: '  ' }),
    ).rejects.toBeInstanceOf(InvalidMoneyInputError);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      await expect(
        decideWithdrawal(db, id, { decision: 'approve', adminId, remarks: 'x' }),
      ).rejects.toBeInstanceOf(WithdrawalNotFoundError);
    }
  });

  it('lets exactly one of many concurrent decisions through', async () => {
    const userId = await bankedUser(100_000n);
    const adminId = await createUser(db, 'admin');
    const { withdrawal: pending } = await createWithdrawal(db, request(userId, { amount: 30_000n }));

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        decideWithdrawal(db, pending.id, {
          decision: i % 2 === 0 ? 'approve' : 'reject',
          adminId,
          remarks: `decision ${i}`,
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WithdrawalDecidedError);
    }
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, pending.id));
    const returns = await db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.reference, pending.id), eq(journalEntries.type, 'withdrawal_return')));
    if (row?.status === 'rejected') {
      expect(returns).toHaveLength(1);
      expect(await realOf(userId)).toBe(100_000n);
    } else {
      expect(row?.status).toBe('approved');
      expect(returns).toHaveLength(0);
      expect(await realOf(userId)).toBe(70_000n);
    }
  });

  it('a rejection and new requests of the same user at once keep the balance exact', async () => {
    const userId = await bankedUser(50_000n);
    const adminId = await createUser(db, 'admin');
    const { withdrawal: pending } = await createWithdrawal(db, request(userId, { amount: 50_000n }));
    const [decided, ...asked] = await Promise.allSettled([
      decideWithdrawal(db, pending.id, { decision: 'reject', adminId, remarks: 'No' }),
      ...Array.from({ length: 6 }, () => createWithdrawal(db, request(userId, { amount: 10_000n }))),
    ]);
    expect(decided?.status).toBe('fulfilled');
    const accepted = asked.filter((r) => r.status === 'fulfilled').length;
    expect(await realOf(userId)).toBe(50_000n - BigInt(accepted) * 10_000n);
    const [sum] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
    expect(sum?.n).toBe(accepted);
  });
});
