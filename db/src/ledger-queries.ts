import type { BillType, MoneyAccount, TradeStatus } from '@app/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { journalEntries, type LedgerAccountKind, ledgerAccounts, postings } from './schema/ledger.ts';
import { trades } from './schema/trades.ts';
import type { WithdrawalRow } from './schema/wallet.ts';

const USER_KIND = { real: 'user_real', practice: 'user_practice' } as const satisfies Record<
  MoneyAccount,
  LedgerAccountKind
>;

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
  /** The trade a trade entry moved money for: how it ended, and its profit (paise) once closed. */
  trade: { status: TradeStatus; profit: bigint | null } | null;
};

export type WalletTransactionsQuery = {
  account?: MoneyAccount;
  type?: BillType | readonly BillType[];
  /** Only trade entries whose trade ended so (a lost trade's stake is a loss, a won one's not). */
  tradeStatus?: readonly TradeStatus[];
  page?: number;
  limit?: number;
  sort?: 'createdAt' | '-createdAt';
};

export const WALLET_TRANSACTIONS_MAX_LIMIT = 200;

/** A user's posting with its entry, as the statements read it. */
const ENTRY_COLUMNS = {
  entryId: journalEntries.id,
  type: journalEntries.type,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  remarks: journalEntries.remarks,
  reference: journalEntries.reference,
  createdBy: journalEntries.createdBy,
  createdAt: journalEntries.createdAt,
};

type EntryRow = {
  entryId: bigint;
  type: BillType;
  amount: bigint;
  balanceAfter: bigint | null;
  remarks: string | null;
  reference: string | null;
  createdBy: string | null;
  createdAt: Date;
  tradeStatus?: TradeStatus | null;
  tradeProfit?: bigint | null;
};

/** A posting as Financial Records shows it: a positive amount and its direction. */
const toWalletTransaction = ({ tradeStatus, tradeProfit, ...r }: EntryRow): WalletTransaction => ({
  ...r,
  direction: r.amount > 0n ? 'credit' : 'debit',
  amount: r.amount > 0n ? r.amount : -r.amount,
  balanceAfter: r.balanceAfter ?? 0n,
  trade: tradeStatus ? { status: tradeStatus, profit: tradeProfit ?? null } : null,
});

const TRADE_BILL_TYPES: BillType[] = ['trade_stake', 'trade_payout', 'trade_refund'];

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
  if (query.tradeStatus) conditions.push(inArray(trades.status, [...query.tradeStatus]));
  const where = and(...conditions);
  // A trade entry's reference is its trade's id; the user's own trades only, so the join
  // reads that user's rows of the trades table.
  const trade = and(
    eq(trades.userId, userId),
    sql`${trades.id}::text = ${journalEntries.reference}`,
    inArray(journalEntries.type, TRADE_BILL_TYPES),
  );

  const [rows, totals] = await Promise.all([
    db
      .select({ ...ENTRY_COLUMNS, tradeStatus: trades.status, tradeProfit: trades.profit })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .leftJoin(trades, trade)
      .where(where)
      .orderBy(query.sort === 'createdAt' ? asc(postings.id) : desc(postings.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .leftJoin(trades, trade)
      .where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    items: rows.map(toWalletTransaction),
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

/**
 * The withdrawal's ledger movements as Financial Records shows them: the debit made with the
 * request, and the return of a rejected one (null otherwise).
 */
export async function withdrawalEntries(
  db: DbOrTx,
  withdrawal: Pick<WithdrawalRow, 'id' | 'debitEntryId' | 'returnEntryId'>,
): Promise<{ debit: WalletTransaction; returned: WalletTransaction | null }> {
  const ids = [
    withdrawal.debitEntryId,
    ...(withdrawal.returnEntryId === null ? [] : [withdrawal.returnEntryId]),
  ];
  const rows = await db
    .select(ENTRY_COLUMNS)
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, postings.accountId), isNotNull(ledgerAccounts.userId)),
    )
    .where(inArray(journalEntries.id, ids));
  const toTransaction = (id: bigint): WalletTransaction | undefined => {
    const r = rows.find((row) => row.entryId === id);
    return r && toWalletTransaction(r);
  };
  const debit = toTransaction(withdrawal.debitEntryId);
  if (!debit) throw new Error(`withdrawal ${withdrawal.id}: its debit entry is missing`);
  const returned =
    withdrawal.returnEntryId === null ? null : (toTransaction(withdrawal.returnEntryId) ?? null);
  return { debit, returned };
}
