import { PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidMoneyInputError,
  UnknownUserError,
} from './errors.ts';
import {
  checkLedgerInvariants,
  getBalances,
  getPlatformBalance,
  openUserAccounts,
  post,
  resetPractice,
  walletTransactions,
} from './index.ts';
import { createUser, fund } from './money.fixtures.ts';
import { journalEntries, ledgerAccounts, postings } from './schema/index.ts';

const client = createDb(inject('databaseUrl'), { max: 12 });
afterAll(() => client.close());
const { db } = client;

/** All postings of one journal entry, with the kind of account each hits. */
async function entryPostings(entryId: bigint) {
  return db
    .select({ amount: postings.amount, kind: ledgerAccounts.kind, balanceAfter: postings.balanceAfter })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId))
    .orderBy(postings.id);
}

describe('post', () => {
  it('writes one entry with two postings that sum to zero and updates the cached balance', async () => {
    const userId = await createUser(db);
    const posted = await db.transaction((tx) =>
      post(tx, {
        type: 'recharge',
        userId,
        account: 'real',
        amount: 250_000n,
        counterparty: 'payments',
        reference: 'topup-1',
        remarks: 'User recharge',
      }),
    );
    expect(posted).toMatchObject({ balanceAfter: 250_000n, replayed: false });
    expect(await entryPostings(posted.entryId)).toEqual([
      { amount: 250_000n, kind: 'user_real', balanceAfter: 250_000n },
      { amount: -250_000n, kind: 'payments', balanceAfter: null },
    ]);
    expect(await getBalances(db, userId)).toEqual({
      real: 250_000n,
      practice: PRACTICE_OPENING_BALANCE_PAISE,
    });
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('opens both accounts on the first movement, practice with Rs 1,00,000 through an entry', async () => {
    const userId = await createUser(db);
    expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.userId, userId))).toBe(0);
    // What the accounts will open with, before any exists.
    expect(await getBalances(db, userId)).toEqual({ real: 0n, practice: 10_000_000n });
    await fund(db, userId, 1n);
    const practice = await walletTransactions(db, userId, { account: 'practice' });
    expect(practice.items).toMatchObject([
      { type: 'practice_reset', direction: 'credit', amount: 10_000_000n, balanceAfter: 10_000_000n },
    ]);
    expect(await getBalances(db, userId)).toEqual({ real: 1n, practice: 10_000_000n });
    // Opening again changes nothing.
    await db.transaction((tx) => openUserAccounts(tx, userId));
    expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.userId, userId))).toBe(2);
    expect(await getBalances(db, userId)).toEqual({ real: 1n, practice: 10_000_000n });
  });

  it('opens the accounts once when many first movements race', async () => {
    const userId = await createUser(db);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          post(tx, { type: 'recharge', userId, account: 'real', amount: 100n, counterparty: 'payments' }),
        ),
      ),
    );
    expect(await getBalances(db, userId)).toEqual({ real: 1_000n, practice: 10_000_000n });
    const opened = await db.$count(
      journalEntries,
      and(eq(journalEntries.userId, userId), eq(journalEntries.type, 'practice_reset')),
    );
    expect(opened).toBe(1);
  });

  it('refuses a debit the balance cannot cover, with a typed error, and moves nothing', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 5_000n);
    const debit = db.transaction((tx) =>
      post(tx, { type: 'withdrawal', userId, account: 'real', amount: -5_001n, counterparty: 'payments' }),
    );
    await expect(debit).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(debit).rejects.toMatchObject({
      code: 'insufficient_funds',
      balance: 5_000n,
      amount: -5_001n,
    });
    expect((await getBalances(db, userId)).real).toBe(5_000n);
    // The whole balance can go.
    const all = await db.transaction((tx) =>
      post(tx, { type: 'withdrawal', userId, account: 'real', amount: -5_000n, counterparty: 'payments' }),
    );
    expect(all.balanceAfter).toBe(0n);
  });

  it('refuses a debit from a user who never had money', async () => {
    const userId = await createUser(db);
    await expect(
      db.transaction((tx) =>
        post(tx, { type: 'trade_stake', userId, account: 'real', amount: -1n, counterparty: 'house_real' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // The refused transaction rolled back the accounts it opened too.
    expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.userId, userId))).toBe(0);
  });

  it('moves money once per idempotency key, also when retried concurrently', async () => {
    const userId = await createUser(db);
    const key = `adjust:test:${userId}`;
    const attempt = () =>
      db.transaction((tx) =>
        post(tx, {
          type: 'admin_adjustment',
          userId,
          account: 'real',
          amount: 700n,
          counterparty: 'adjustments',
          idempotencyKey: key,
          remarks: 'System added',
        }),
      );
    const results = await Promise.all(Array.from({ length: 20 }, attempt));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.every((r) => r.balanceAfter === 700n)).toBe(true);
    expect((await getBalances(db, userId)).real).toBe(700n);
    // The same key for another movement is a conflict, not a silent replay.
    await expect(
      db.transaction((tx) =>
        post(tx, {
          type: 'admin_adjustment',
          userId,
          account: 'real',
          amount: 701n,
          counterparty: 'adjustments',
          idempotencyKey: key,
        }),
      ),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
  });

  it('keeps practice and real money apart and refuses zero amounts', async () => {
    const userId = await createUser(db);
    const attempts = [
      { account: 'practice', counterparty: 'payments', amount: 1n },
      { account: 'practice', counterparty: 'house_real', amount: 1n },
      { account: 'real', counterparty: 'house_practice', amount: 1n },
      { account: 'real', counterparty: 'payments', amount: 0n },
    ] as const;
    for (const a of attempts) {
      await expect(
        db.transaction((tx) => post(tx, { type: 'admin_adjustment', userId, ...a })),
      ).rejects.toBeInstanceOf(InvalidMoneyInputError);
    }
  });

  it('refuses movements for a user that does not exist', async () => {
    await expect(
      db.transaction((tx) =>
        post(tx, {
          type: 'recharge',
          userId: '00000000-0000-4000-8000-000000000000',
          account: 'real',
          amount: 1n,
          counterparty: 'payments',
        }),
      ),
    ).rejects.toBeInstanceOf(UnknownUserError);
  });
});

describe('the ledger tables', () => {
  it('refuse to rewrite or delete entries and postings', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 100n);
    const [p] = await db
      .select({ id: postings.id, entryId: postings.entryId })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(eq(ledgerAccounts.userId, userId));
    const id = String(p!.id);
    const entryId = String(p!.entryId);
    await expect(client.sql`update postings set amount = amount + 1 where id = ${id}`).rejects.toThrow(
      /postings is append-only \(UPDATE refused\)/,
    );
    await expect(client.sql`delete from postings where id = ${id}`).rejects.toThrow(/append-only/);
    await expect(client.sql`update journal_entries set remarks = 'x' where id = ${entryId}`).rejects.toThrow(
      /journal_entries is append-only/,
    );
    await expect(client.sql`delete from journal_entries where id = ${entryId}`).rejects.toThrow(
      /append-only/,
    );
    await expect(client.sql`truncate postings cascade`).rejects.toThrow(/append-only/);
    await expect(client.sql`delete from ledger_accounts where user_id = ${userId}`).rejects.toThrow(
      /permanent/,
    );
    await expect(
      client.sql`update ledger_accounts set kind = 'user_practice' where user_id = ${userId} and kind = 'user_real'`,
    ).rejects.toThrow(/only the cached balance/);
  });

  it('refuse at commit an entry whose postings do not sum to zero, or that has none', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 100n);
    const unbalanced = client.sql.begin(async (sql) => {
      const [entry] = await sql`insert into journal_entries (type) values ('admin_adjustment') returning id`;
      const [account] =
        await sql`select id from ledger_accounts where user_id = ${userId} and kind = 'user_real'`;
      await sql`insert into postings (entry_id, account_id, amount, balance_after)
                values (${entry!.id}, ${account!.id}, 5, 105)`;
      await sql`update ledger_accounts set balance = 105 where id = ${account!.id}`;
    });
    await expect(unbalanced).rejects.toThrow(/unbalanced: 1 postings summing to 5/);
    const empty = client.sql.begin(
      (sql) => sql`insert into journal_entries (type, remarks) values ('admin_adjustment', 'nothing')`,
    );
    await expect(empty).rejects.toThrow(/unbalanced: 0 postings/);
    expect((await getBalances(db, userId)).real).toBe(100n);
  });

  it('refuse a negative user balance at the database', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 1n);
    await expect(
      client.sql`update ledger_accounts set balance = -1 where user_id = ${userId} and kind = 'user_real'`,
    ).rejects.toThrow(/ledger_accounts_balance_nonnegative/);
  });

  it('give platform accounts no cached balance to lock', async () => {
    const platform = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} is null`)
      .orderBy(ledgerAccounts.id);
    expect(platform).toEqual([
      { kind: 'house_real', balance: null },
      { kind: 'house_practice', balance: null },
      { kind: 'payments', balance: null },
      { kind: 'adjustments', balance: null },
    ]);
    await expect(
      client.sql`update ledger_accounts set balance = 0 where user_id is null and kind = 'house_real'`,
    ).rejects.toThrow(/only the cached balance/);
  });
});

describe('resetPractice', () => {
  it('posts the difference back to Rs 1,00,000, either way, and nothing when already there', async () => {
    const userId = await createUser(db);
    const noop = await db.transaction((tx) => resetPractice(tx, userId));
    expect(noop).toEqual({ changed: false, balanceAfter: 10_000_000n, entryId: null });

    await db.transaction((tx) =>
      post(tx, {
        type: 'trade_stake',
        userId,
        account: 'practice',
        amount: -2_500_000n,
        counterparty: 'house_practice',
      }),
    );
    const up = await db.transaction((tx) => resetPractice(tx, userId));
    expect(up).toMatchObject({ changed: true, balanceAfter: 10_000_000n });

    await db.transaction((tx) =>
      post(tx, {
        type: 'trade_payout',
        userId,
        account: 'practice',
        amount: 123n,
        counterparty: 'house_practice',
      }),
    );
    const down = await db.transaction((tx) => resetPractice(tx, userId));
    expect(down).toMatchObject({ changed: true, balanceAfter: 10_000_000n });

    const history = await walletTransactions(db, userId, { account: 'practice', sort: 'createdAt' });
    expect(history.items.map((i) => [i.type, i.direction, i.amount, i.balanceAfter])).toEqual([
      ['practice_reset', 'credit', 10_000_000n, 10_000_000n],
      ['trade_stake', 'debit', 2_500_000n, 7_500_000n],
      ['practice_reset', 'credit', 2_500_000n, 10_000_000n],
      ['trade_payout', 'credit', 123n, 10_000_123n],
      ['practice_reset', 'debit', 123n, 10_000_000n],
    ]);
    expect((await getBalances(db, userId)).real).toBe(0n);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});

describe('walletTransactions', () => {
  it('pages, sorts and filters the user’s movements of one balance', async () => {
    const userId = await createUser(db);
    const adminId = await createUser(db, 'admin');
    for (const amount of [1_000n, 2_000n, 3_000n]) await fund(db, userId, amount);
    await db.transaction((tx) =>
      post(tx, {
        type: 'withdrawal',
        userId,
        account: 'real',
        amount: -500n,
        counterparty: 'payments',
        reference: 'W123',
        remarks: 'Withdrawal and deduct money',
      }),
    );
    await db.transaction((tx) =>
      post(tx, {
        type: 'admin_adjustment',
        userId,
        account: 'real',
        amount: 50n,
        counterparty: 'adjustments',
        remarks: 'System added',
        createdBy: adminId,
      }),
    );

    const first = await walletTransactions(db, userId, { limit: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2, pages: 3 });
    expect(first.items).toMatchObject([
      {
        type: 'admin_adjustment',
        direction: 'credit',
        amount: 50n,
        balanceAfter: 5_550n,
        createdBy: adminId,
      },
      {
        type: 'withdrawal',
        direction: 'debit',
        amount: 500n,
        balanceAfter: 5_500n,
        reference: 'W123',
        remarks: 'Withdrawal and deduct money',
      },
    ]);
    expect(first.items[0]?.createdAt).toBeInstanceOf(Date);
    const last = await walletTransactions(db, userId, { limit: 2, page: 3 });
    expect(last.items.map((i) => i.balanceAfter)).toEqual([1_000n]);
    const oldestFirst = await walletTransactions(db, userId, { sort: 'createdAt' });
    expect(oldestFirst.items.map((i) => i.balanceAfter)).toEqual([1_000n, 3_000n, 6_000n, 5_500n, 5_550n]);
    const recharges = await walletTransactions(db, userId, { type: 'recharge' });
    expect(recharges.total).toBe(3);
    const some = await walletTransactions(db, userId, { type: ['withdrawal', 'admin_adjustment'] });
    expect(some.total).toBe(2);
    // The practice account shows only its own opening.
    expect((await walletTransactions(db, userId, { account: 'practice' })).total).toBe(1);
    // Nobody else's movements.
    expect((await walletTransactions(db, adminId)).total).toBe(0);
  });
});

describe('checkLedgerInvariants', () => {
  /** Run `corrupt` and the check in one transaction that is rolled back: parallel tests never see it. */
  async function violationsAfter(
    corrupt: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<void>,
  ) {
    const found: unknown[] = [];
    const rolledBack = await db
      .transaction(async (tx) => {
        await corrupt(tx);
        found.push(...(await checkLedgerInvariants(tx)));
        tx.rollback();
      })
      .then(
        () => false,
        () => true,
      );
    expect(rolledBack).toBe(true);
    return found;
  }

  it('reports a cached balance that drifted from its postings', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 10_000n);
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`update ledger_accounts set balance = balance + 1 where user_id = ${userId} and kind = 'user_real'`,
      );
    });
    expect(found).toEqual([
      expect.objectContaining({ kind: 'balance_mismatch', userId, cached: 10_001n, postings: 10_000n }),
    ]);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('reports a balance_after that is not the running balance, and an entry without postings', async () => {
    const userId = await createUser(db);
    await fund(db, userId, 10_000n);
    const found = await violationsAfter(async (tx) => {
      // Balanced, and the cached balance follows, but the posting's balance_after is wrong.
      await tx.execute(sql`
        with e as (insert into journal_entries (type, user_id, account) values ('admin_adjustment', ${userId}, 'real') returning id),
             a as (update ledger_accounts set balance = balance + 5 where user_id = ${userId} and kind = 'user_real' returning id)
        insert into postings (entry_id, account_id, amount, balance_after)
        select e.id, a.id, 5, 999 from e, a
        union all
        select e.id, (select id from ledger_accounts where user_id is null and kind = 'adjustments'), -5, null from e`);
      // Deferred: the commit would refuse this entry, the check sees it before.
      await tx.execute(
        sql`insert into journal_entries (type, remarks) values ('admin_adjustment', 'orphan')`,
      );
    });
    expect(found).toEqual([
      expect.objectContaining({ kind: 'unbalanced_entry', postings: 0, sum: 0n }),
      expect.objectContaining({ kind: 'balance_after_mismatch', balanceAfter: 999n, expected: 10_005n }),
    ]);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('sums platform balances from their postings', async () => {
    const userId = await createUser(db);
    // One snapshot (repeatable read): other tests' movements do not show, this one's does.
    const [before, after] = await db.transaction(
      async (tx) => {
        const b = await getPlatformBalance(tx, 'payments');
        await post(tx, {
          type: 'recharge',
          userId,
          account: 'real',
          amount: 4_321n,
          counterparty: 'payments',
        });
        return [b, await getPlatformBalance(tx, 'payments')];
      },
      { isolationLevel: 'repeatable read' },
    );
    expect(after - before).toBe(-4_321n);
  });
});
