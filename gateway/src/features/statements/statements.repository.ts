import type { Db } from '@app/db';
import { PLATFORM_TIMEZONE } from '@app/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The statement's reads over the postings of the user's real account (postings_account_idx)
 * and their entries. Both are bounded by the last posting id the summary saw, so the entries
 * and the summary describe the same ledger even while new movements arrive.
 */

export type StatementPeriod = { userId: string; start: Date; end: Date };

export type StatementTotalsRow = {
  /** The financial year's first calendar year (2025 for 2025-26). */
  fy_start: number;
  deposits: string;
  withdrawals: string;
  staked: string;
  paid_out: string;
  other: string;
};

export type StatementHead = {
  username: string | null;
  /** Paise: the sum of every posting before the period. */
  opening: bigint;
  /** The last posting of the period; later ones are left out of both reads. */
  lastPostingId: bigint;
  totals: StatementTotalsRow[];
};

const ist = sql.raw(`'${PLATFORM_TIMEZONE}'`);
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Figures per financial year of the period, in paise as text (net of returns: a returned
 * withdrawal is no withdrawal, a refunded stake was never staked), the opening balance and the
 * period's last posting id, in one statement (one snapshot).
 */
export async function statementHead(db: Db, p: StatementPeriod): Promise<StatementHead> {
  const rows = await db.execute<{
    username: string | null;
    opening: string;
    last_id: string;
    totals: StatementTotalsRow[] | null;
  }>(sql`
    with account as (
      select id from ledger_accounts where user_id = ${p.userId} and kind = 'user_real'
    ), moves as (
      select p.id, p.amount, e.type, e.created_at
        from postings p join journal_entries e on e.id = p.entry_id
       where p.account_id = (select id from account) and e.created_at < ${instant(p.end)}
    ), period as (
      select * from moves where created_at >= ${instant(p.start)}
    ), per_year as (
      select extract(year from (created_at at time zone ${ist}) - interval '3 months')::int as fy_start,
             coalesce(sum(amount) filter (where type = 'recharge'), 0)::text as deposits,
             (-coalesce(sum(amount) filter (where type in ('withdrawal', 'withdrawal_return')), 0))::text
               as withdrawals,
             (-coalesce(sum(amount) filter (where type in ('trade_stake', 'trade_refund')), 0))::text as staked,
             coalesce(sum(amount) filter (where type = 'trade_payout'), 0)::text as paid_out,
             coalesce(sum(amount) filter (where type not in ('recharge', 'withdrawal', 'withdrawal_return',
               'trade_stake', 'trade_refund', 'trade_payout')), 0)::text as other
        from period group by 1
    )
    select (select username from users where id = ${p.userId}) as username,
           (select coalesce(sum(amount), 0) from moves where created_at < ${instant(p.start)})::text as opening,
           (select coalesce(max(id), 0) from moves)::text as last_id,
           (select json_agg(per_year order by fy_start) from per_year) as totals`);
  const row = rows[0];
  return {
    username: row?.username ?? null,
    opening: BigInt(row?.opening ?? '0'),
    lastPostingId: BigInt(row?.last_id ?? '0'),
    totals: row?.totals ?? [],
  };
}

export type StatementEntryRow = {
  entry_id: string;
  type: string;
  amount: string;
  /** Paise after this movement: the opening balance plus the period's movements so far. */
  balance: string;
  reference: string | null;
  remarks: string | null;
  /** India time, `YYYY-MM-DD HH:MM:SS`. */
  at_ist: string;
};

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The period's movements in the order the balance moved (posting id), `batch` at a time
 * through a server-side cursor (postgres.js): one batch in memory whatever the period's size.
 */
export async function* streamStatementEntries(
  db: Db,
  p: StatementPeriod,
  head: Pick<StatementHead, 'opening' | 'lastPostingId'>,
  batch: number,
): AsyncGenerator<StatementEntryRow[]> {
  const query = dialect.sqlToQuery(sql`
    select e.id::text as entry_id, e.type::text as type, p.amount::text as amount,
           (${head.opening.toString()}::bigint + sum(p.amount) over (order by p.id))::text as balance,
           e.reference, e.remarks,
           to_char(e.created_at at time zone ${ist}, 'YYYY-MM-DD HH24:MI:SS') as at_ist
      from postings p join journal_entries e on e.id = p.entry_id
     where p.account_id = (select id from ledger_accounts where user_id = ${p.userId} and kind = 'user_real')
       and p.id <= ${head.lastPostingId.toString()}::bigint
       and e.created_at >= ${instant(p.start)} and e.created_at < ${instant(p.end)}
     order by p.id`);
  const cursor = db.$client.unsafe<StatementEntryRow[]>(query.sql, query.params as never[]).cursor(batch);
  for await (const rows of cursor) yield rows;
}
