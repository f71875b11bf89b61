import { type BillType, type MoneyAccount, PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidMoneyInputError,
  UnknownUserError,
} from './money-errors.ts';
import { journalEntries, type LedgerAccountKind, ledgerAccounts, postings } from './schema/ledger.ts';

/**
 * The posting functions: the only code that changes a balance. Each runs inside the caller's
 * transaction (they take a `Tx`, never a pool), so the movement commits or rolls back with
 * whatever caused it. See src/schema/ledger.ts for the tables and the hot-row decision.
 *
 * A user's accounts open lazily: the first movement of either balance creates both (INSERT
 * ... ON CONFLICT DO NOTHING, safe under concurrency) and opens practice with its Rs 1,00,000
 * through a practice_reset entry. Until then the user has no ledger rows and `getBalances`
 * answers what the accounts will open with (real 0, practice 1,00,000).
 */

export type PlatformAccountKind = Exclude<LedgerAccountKind, 'user_real' | 'user_practice'>;

const USER_KIND = { real: 'user_real', practice: 'user_practice' } as const satisfies Record<
  MoneyAccount,
  LedgerAccountKind
>;

/** Practice money never meets real money: the platform accounts each balance may move against. */
const COUNTERPARTIES: Record<MoneyAccount, readonly PlatformAccountKind[]> = {
  real: ['house_real', 'payments', 'adjustments'],
  practice: ['house_practice'],
};

export type PostInput = {
  type: BillType;
  userId: string;
  account: MoneyAccount;
  /** Paise, signed from the user's view: positive credits the user, negative debits. Never 0. */
  amount: bigint;
  /** The platform account on the other side of the entry. */
  counterparty: PlatformAccountKind;
  /** What the movement is about (trade id, top-up id, ...). */
  reference?: string | null;
  /** Shown to the user in Financial Records. */
  remarks?: string | null;
  /**
   * Global across the ledger: callers namespace it (`trade:{id}:stake`,
   * `adjust:{adminId}:{headerKey}`). A repeat with the same key and the same movement returns
   * the first one (`replayed: true`) and moves nothing; the same key for a different movement
   * is an IdempotencyConflictError.
   */
  idempotencyKey?: string | null;
  /** The admin behind the movement; null for the system. */
  createdBy?: string | null;
};

export type Posted = {
  entryId: bigint;
  /** The user's balance right after this entry. */
  balanceAfter: bigint;
  /** True when the idempotency key found an earlier entry and nothing moved now. */
  replayed: boolean;
};

/**
 * One journal entry: the user's posting (their account row updated only if the result stays
 * >= 0, which also serialises concurrent movements of that account) and the counterparty's.
 */
export async function post(tx: Tx, input: PostInput): Promise<Posted> {
  if (input.amount === 0n) throw new InvalidMoneyInputError('a ledger entry cannot move 0 paise');
  if (!COUNTERPARTIES[input.account].includes(input.counterparty)) {
    throw new InvalidMoneyInputError(`a ${input.account} balance cannot move against ${input.counterparty}`);
  }
  const key = input.idempotencyKey ?? null;
  // The entry comes first: with a key it is the claim that makes a concurrent retry wait here
  // (unique index) and then find this entry, instead of moving money a second time.
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      type: input.type,
      userId: input.userId,
      account: input.account,
      reference: input.reference ?? null,
      remarks: input.remarks ?? null,
      idempotencyKey: key,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing({
      target: journalEntries.idempotencyKey,
      where: sql`${journalEntries.idempotencyKey} is not null`,
    })
    .returning({ id: journalEntries.id })
    .catch((error: unknown) => {
      const fk = foreignKeyViolation(error);
      if (fk === 'journal_entries_user_id_users_id_fk') throw new UnknownUserError(input.userId);
      if (fk === 'journal_entries_created_by_users_id_fk') throw new UnknownUserError(input.createdBy ?? '');
      throw error;
    });
  if (!entry) return replay(tx, input, key ?? '');

  const account = await applyToUserAccount(tx, input.userId, input.account, input.amount);
  await tx.insert(postings).values([
    { entryId: entry.id, accountId: account.id, amount: input.amount, balanceAfter: account.balance },
    {
      entryId: entry.id,
      accountId: sql`(select ${ledgerAccounts.id} from ${ledgerAccounts} where ${ledgerAccounts.userId} is null and ${ledgerAccounts.kind} = ${input.counterparty})`,
      amount: -input.amount,
      balanceAfter: null,
    },
  ]);
  return { entryId: entry.id, balanceAfter: account.balance, replayed: false };
}

async function replay(tx: Tx, input: PostInput, key: string): Promise<Posted> {
  const [first] = await tx
    .select({
      entryId: journalEntries.id,
      type: journalEntries.type,
      userId: journalEntries.userId,
      account: journalEntries.account,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
    })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, postings.accountId), isNotNull(ledgerAccounts.userId)),
    )
    .where(eq(journalEntries.idempotencyKey, key));
  if (
    !first ||
    first.type !== input.type ||
    first.userId !== input.userId ||
    first.account !== input.account ||
    first.amount !== input.amount ||
    first.balanceAfter === null
  ) {
    throw new IdempotencyConflictError(key);
  }
  return { entryId: first.entryId, balanceAfter: first.balanceAfter, replayed: true };
}

/** balance += amount if it stays >= 0; opens the user's accounts on their first movement. */
async function applyToUserAccount(
  tx: Tx,
  userId: string,
  account: MoneyAccount,
  amount: bigint,
): Promise<{ id: bigint; balance: bigint }> {
  const where = and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, USER_KIND[account]));
  for (let attempt = 0; attempt < 3; attempt++) {
    // The common case, one statement: waits for a concurrent movement of the same account,
    // then re-checks the condition against the balance that movement left.
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(and(where, sql`${ledgerAccounts.balance} + ${amount} >= 0`))
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (row?.balance != null) return { id: row.id, balance: row.balance };
    // No row: too little money, or no account yet, or one that a concurrent first movement
    // created after the update looked. Decide under the row lock.
    const [existing] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(where)
      .for('update');
    if (!existing) await openUserAccounts(tx, userId);
    else if ((existing.balance ?? 0n) + amount < 0n) {
      throw new InsufficientFundsError(userId, account, existing.balance ?? 0n, amount);
    }
  }
  throw new Error(`ledger account ${account} of user ${userId} could not be updated`);
}

/**
 * Create the user's real and practice accounts if they do not exist yet, and open practice
 * with its starting balance. Idempotent and safe when two transactions race: the loser of the
 * insert waits for the winner and then finds the accounts there.
 */
export async function openUserAccounts(tx: Tx, userId: string): Promise<void> {
  let created: Array<{ kind: LedgerAccountKind }>;
  try {
    created = await tx
      .insert(ledgerAccounts)
      .values([
        { userId, kind: 'user_real', balance: 0n },
        { userId, kind: 'user_practice', balance: 0n },
      ])
      .onConflictDoNothing({ target: [ledgerAccounts.userId, ledgerAccounts.kind] })
      .returning({ kind: ledgerAccounts.kind });
  } catch (error) {
    if (foreignKeyViolation(error) !== undefined) throw new UnknownUserError(userId);
    throw error;
  }
  if (created.some((c) => c.kind === 'user_practice')) {
    await post(tx, {
      type: 'practice_reset',
      userId,
      account: 'practice',
      amount: PRACTICE_OPENING_BALANCE_PAISE,
      counterparty: 'house_practice',
      remarks: 'Practice account opened',
      idempotencyKey: `practice-open:${userId}`,
    });
  }
}

export type Balances = { real: bigint; practice: bigint };

/** Both balances in paise (what the accounts open with, for a user who has never moved money). */
export async function getBalances(db: DbOrTx, userId: string): Promise<Balances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const of = (kind: LedgerAccountKind) => rows.find((r) => r.kind === kind)?.balance;
  return {
    real: of('user_real') ?? 0n,
    practice: of('user_practice') ?? PRACTICE_OPENING_BALANCE_PAISE,
  };
}

/**
 * getBalances for many users in one query (the events of a batch of settlements): user id →
 * both balances, every id given present in the map.
 */
export async function getBalancesOf(db: DbOrTx, userIds: Iterable<string>): Promise<Map<string, Balances>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, Balances>();
  if (ids.length === 0) return out;
  for (const id of ids) out.set(id, { real: 0n, practice: PRACTICE_OPENING_BALANCE_PAISE });
  const rows = await db
    .select({ userId: ledgerAccounts.userId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    // One array parameter, whatever the count: the statement text stays the same.
    .where(sql`${ledgerAccounts.userId} = any(${sql.param(ids)}::uuid[])`);
  for (const r of rows) {
    const balances = r.userId === null ? undefined : out.get(r.userId);
    if (!balances || r.balance === null) continue;
    if (r.kind === 'user_real') balances.real = r.balance;
    else if (r.kind === 'user_practice') balances.practice = r.balance;
  }
  return out;
}

/** A platform account's balance: the sum of its postings (platform rows keep no cached balance). */
export async function getPlatformBalance(db: DbOrTx, kind: PlatformAccountKind): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(sql`${ledgerAccounts.userId} is null`, eq(ledgerAccounts.kind, kind)));
  return BigInt(row?.total ?? '0');
}

/**
 * Bring the practice balance back to Rs 1,00,000 with one practice_reset entry for the
 * difference (either way). Nothing is written when it is already there.
 */
export async function resetPractice(
  tx: Tx,
  userId: string,
  options: { createdBy?: string | null } = {},
): Promise<{ changed: boolean; balanceAfter: bigint; entryId: bigint | null }> {
  await openUserAccounts(tx, userId);
  const [account] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_practice')))
    .for('update');
  const balance = account?.balance ?? 0n;
  const difference = PRACTICE_OPENING_BALANCE_PAISE - balance;
  if (difference === 0n) return { changed: false, balanceAfter: balance, entryId: null };
  const posted = await post(tx, {
    type: 'practice_reset',
    userId,
    account: 'practice',
    amount: difference,
    counterparty: 'house_practice',
    remarks: 'Practice balance reset',
    createdBy: options.createdBy ?? null,
  });
  return { changed: true, balanceAfter: posted.balanceAfter, entryId: posted.entryId };
}

export type WalletTransaction = {
  entryId: bigint;
  type: BillType;
  direction: 'credit' | 'debit';
  /** Paise, positive; `direction` says which way. */
  amount: bigint;
  balanceAfter: bigint;
  remarks: string | null;
  reference: string | null;
  createdBy: string | null;
  createdAt: Date;
};

export type WalletTransactionsQuery = {
  account?: MoneyAccount;
  type?: BillType | readonly BillType[];
  page?: number;
  limit?: number;
  sort?: 'createdAt' | '-createdAt';
};

export const WALLET_TRANSACTIONS_MAX_LIMIT = 200;

/**
 * The user's movements of one balance as Financial Records shows them, newest first by
 * default. Ordered by posting id, which for one account is the order its balance moved in
 * (postings of an account are written while its row is locked), so balanceAfter reads as a
 * running balance.
 */
export async function walletTransactions(
  db: DbOrTx,
  userId: string,
  query: WalletTransactionsQuery = {},
): Promise<{ items: WalletTransaction[]; total: number; page: number; limit: number; pages: number }> {
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const limit = Math.min(WALLET_TRANSACTIONS_MAX_LIMIT, Math.max(1, Math.trunc(query.limit ?? 10)));
  const types =
    query.type === undefined ? [] : typeof query.type === 'string' ? [query.type] : [...query.type];
  const conditions: SQL[] = [
    eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.kind, USER_KIND[query.account ?? 'real']),
  ];
  if (types.length > 0) conditions.push(inArray(journalEntries.type, types));
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    db
      .select({
        entryId: journalEntries.id,
        type: journalEntries.type,
        amount: postings.amount,
        balanceAfter: postings.balanceAfter,
        remarks: journalEntries.remarks,
        reference: journalEntries.reference,
        createdBy: journalEntries.createdBy,
        createdAt: journalEntries.createdAt,
      })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(where)
      .orderBy(query.sort === 'createdAt' ? asc(postings.id) : desc(postings.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    items: rows.map((r) => ({
      entryId: r.entryId,
      type: r.type,
      direction: r.amount > 0n ? 'credit' : 'debit',
      amount: r.amount > 0n ? r.amount : -r.amount,
      balanceAfter: r.balanceAfter ?? 0n,
      remarks: r.remarks,
      reference: r.reference,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
    })),
    total,
    page,
    limit,
    pages: Math.ceil(total / limit),
  };
}

export type LedgerViolation =
  | { kind: 'unbalanced_entry'; entryId: bigint; postings: number; sum: bigint }
  | { kind: 'balance_mismatch'; accountId: bigint; userId: string; cached: bigint; postings: bigint }
  | { kind: 'negative_balance'; accountId: bigint; userId: string; balance: bigint }
  | {
      kind: 'balance_after_mismatch';
      postingId: bigint;
      accountId: bigint;
      balanceAfter: bigint | null;
      expected: bigint | null;
    }
  | { kind: 'ledger_total_nonzero'; sum: bigint };

const big = (v: string | null) => (v === null ? null : BigInt(v));

/**
 * Everything that must always hold, for the reconciler and the tests; an empty list means the
 * ledger is sound. Entries balance (also enforced at commit by a constraint trigger), each user
 * account's cached balance equals the sum of its postings and is not negative, each user
 * posting's balance_after is the running sum of its account (platform postings carry none),
 * and all postings together sum to zero. Full scans: run it from a job, not per request.
 */
export async function checkLedgerInvariants(db: DbOrTx): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];

  const unbalanced = await db.execute<{ id: string; n: number; total: string }>(sql`
    select e.id::text as id, count(p.id)::int as n, coalesce(sum(p.amount), 0)::text as total
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id
    having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0`);
  for (const r of unbalanced) {
    violations.push({ kind: 'unbalanced_entry', entryId: BigInt(r.id), postings: r.n, sum: BigInt(r.total) });
  }

  const accounts = await db.execute<{ id: string; user_id: string; cached: string; total: string }>(sql`
    select a.id::text as id, a.user_id, a.balance::text as cached, coalesce(sum(p.amount), 0)::text as total
    from ledger_accounts a left join postings p on p.account_id = a.id
    where a.user_id is not null
    group by a.id
    having a.balance < 0 or a.balance <> coalesce(sum(p.amount), 0)`);
  for (const r of accounts) {
    const cached = BigInt(r.cached);
    const total = BigInt(r.total);
    if (cached < 0n) {
      violations.push({
        kind: 'negative_balance',
        accountId: BigInt(r.id),
        userId: r.user_id,
        balance: cached,
      });
    }
    if (cached !== total) {
      violations.push({
        kind: 'balance_mismatch',
        accountId: BigInt(r.id),
        userId: r.user_id,
        cached,
        postings: total,
      });
    }
  }

  const chain = await db.execute<{
    id: string;
    account_id: string;
    balance_after: string | null;
    expected: string | null;
  }>(sql`
    select id::text as id, account_id::text as account_id, balance_after::text as balance_after,
           expected::text as expected
    from (
      select p.id, p.account_id, p.balance_after,
             case when a.user_id is null then null
                  else sum(p.amount) over (partition by p.account_id order by p.id) end as expected
      from postings p join ledger_accounts a on a.id = p.account_id
    ) x
    where balance_after is distinct from expected`);
  for (const r of chain) {
    violations.push({
      kind: 'balance_after_mismatch',
      postingId: BigInt(r.id),
      accountId: BigInt(r.account_id),
      balanceAfter: big(r.balance_after),
      expected: big(r.expected),
    });
  }

  const [all] = await db.execute<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::text as total from postings`,
  );
  const total = BigInt(all?.total ?? '0');
  if (total !== 0n) violations.push({ kind: 'ledger_total_nonzero', sum: total });

  return violations;
}

/** The postgres.js error behind a (possibly Drizzle-wrapped) failure. */
function pgError(error: unknown): { code: string; constraint_name?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return e as { code: string; constraint_name?: string };
    }
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** The constraint a foreign-key violation (23503) hit, else undefined. */
export function foreignKeyViolation(error: unknown): string | undefined {
  const pg = pgError(error);
  return pg?.code === '23503' ? (pg.constraint_name ?? '') : undefined;
}
