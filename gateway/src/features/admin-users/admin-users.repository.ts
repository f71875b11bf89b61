import { type Db, type DbOrTx, type UserRow, users } from '@app/db';
import type { Role } from '@app/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../lib/sql.ts';

/** Which accounts a list shows: the viewer's role decides, the search narrows. */
export type UserFilter = { viewer: Role; search?: string };

/** A users-table row as the database returns it (money in paise). */
export type UserListRow = {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  country: string;
  role: Role;
  freez_amount: bigint;
  banned: boolean;
  /** ISO 8601 in UTC, as the API and the export show it. */
  created_at: string;
  balance: bigint;
  trades: bigint;
};

function whereOf(filter: UserFilter): SQL {
  const conditions: SQL[] = [];
  // The accounts the viewer may see (lib/access.ts mayViewAccount): a plain admin, users only.
  if (filter.viewer !== 'superadmin') conditions.push(sql`u.role = 'user'`);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      sql`(u.username ilike ${pattern} or u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern})`,
    );
  }
  return conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The rows of the users table, newest first. The trade count is a per-row index lookup
 * (trades_user_status_created_idx) rather than an aggregate over all trades, so the export can
 * stream: the first rows leave before the last are read.
 */
function rowsQuery(filter: UserFilter, page?: { limit: number; offset: number }): SQL {
  return sql`/* admin-users */
    select u.id, u.first_name, u.last_name, u.username, u.email, u.country, u.role,
           u.freez_amount, u.banned_at is not null as banned,
           to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           coalesce(a.balance, 0)::bigint as balance,
           (select count(*) from trades t where t.user_id = u.id and t.account = 'real')::bigint as trades
      from users u
      left join ledger_accounts a on a.user_id = u.id and a.kind = 'user_real'
      ${whereOf(filter)}
     order by u.created_at desc, u.id desc
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.execute<UserListRow>(rowsQuery(filter, page)),
    db.execute<{ n: bigint }>(sql`select count(*)::bigint as n from users u ${whereOf(filter)}`),
  ]);
  return { rows: Array.from(rows), total: Number(totals[0]?.n ?? 0n) };
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Every row of the filter, `batch` at a time through a server-side cursor (postgres.js): one
 * batch in memory whatever the table's size, and the next is fetched only when the consumer asks.
 */
export async function* streamUsers(db: Db, filter: UserFilter, batch: number): AsyncGenerator<UserListRow[]> {
  const query = dialect.sqlToQuery(rowsQuery(filter));
  const cursor = db.$client.unsafe<UserListRow[]>(query.sql, query.params as never[]).cursor(batch);
  for await (const rows of cursor) yield rows;
}

/** The detail's figures, in paise and counts. */
export type UserStatsRow = {
  deposits: bigint;
  withdrawals: bigint;
  transactions: bigint;
  total_trades: bigint;
  win_trades: bigint;
  loss_trades: bigint;
  draw_trades: bigint;
  /** Sign-in refused after too many failures until an unlock or the lock's end (login_locks). */
  login_locked: boolean;
};

/**
 * The detail modal's figures in one statement: sums over the postings of the user's real
 * account (postings_account_idx), counts over their real trades (trades_user_status_created_idx)
 * and the sign-in lock, never by paging the ledger.
 */
export async function userStats(db: DbOrTx, userId: string): Promise<UserStatsRow> {
  const rows = await db.execute<UserStatsRow>(sql`
    select coalesce(l.deposits, 0)::bigint as deposits,
           coalesce(l.withdrawals, 0)::bigint as withdrawals,
           coalesce(l.transactions, 0)::bigint as transactions,
           t.total_trades, t.win_trades, t.loss_trades, t.draw_trades,
           exists (select 1 from login_locks k where k.user_id = ${userId} and k.locked_until > now())
             as login_locked
      from (select 1) one
      left join lateral (
        select sum(p.amount) filter (where e.type in ('recharge', 'admin_adjustment') and p.amount > 0) as deposits,
               coalesce(-sum(p.amount) filter (where e.type = 'withdrawal'), 0)
                 - coalesce(sum(p.amount) filter (where e.type = 'withdrawal_return'), 0) as withdrawals,
               count(*) as transactions
          from ledger_accounts a
          join postings p on p.account_id = a.id
          join journal_entries e on e.id = p.entry_id
         where a.user_id = ${userId} and a.kind = 'user_real'
      ) l on true
      cross join lateral (
        select count(*)::bigint as total_trades,
               count(*) filter (where tr.status = 'won')::bigint as win_trades,
               count(*) filter (where tr.status = 'lost')::bigint as loss_trades,
               count(*) filter (where tr.status = 'draw')::bigint as draw_trades
          from trades tr
         where tr.user_id = ${userId} and tr.account = 'real'
      ) t`);
  const row = rows[0];
  if (!row) throw new Error('user stats returned no row');
  return row;
}

/** The user's row, locked until the transaction ends: every admin write starts here. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'hasReferral'
    | 'role'
    | 'accountHolderName'
    | 'bankAccountNumber'
    | 'bankName'
    | 'ifscCode'
    | 'bannedAt'
    | 'banReason'
    | 'passwordHash'
    | 'reputationPoints'
  >
>;

export async function changeUser(tx: DbOrTx, userId: string, changes: UserChanges): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
