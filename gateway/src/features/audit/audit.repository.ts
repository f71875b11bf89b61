import type { DbOrTx } from '@app/db';
import type { Role } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { noSuperadminSql, type Staff, seesSuperadminRows } from '../../lib/access.ts';

/**
 * The user account an audit row concerns: the target when it is a user, else the owner of the
 * top-up, withdrawal or trade acted on (those rows name the request or the trade, not the user).
 * A new target type that belongs to a user goes here too.
 */
const subjectOf = sql`case a.target_type
    when 'user' then a.target_id::uuid
    when 'topup' then (select p.user_id from topups p where p.id = a.target_id::uuid)
    when 'withdrawal' then (select w.user_id from withdrawals w where w.id = a.target_id::uuid)
    when 'trade' then (select t.user_id from trades t where t.id = a.target_id::uuid)
  end`;

/**
 * The ids of the audit rows about one user, each branch on an index (audit_log_target_idx and
 * the owner's index of each table). Admins act on trades only by cancelling running ones.
 */
const rowsAbout = (userId: string) => sql`(
    select a.id from audit_log a where a.target_type = 'user' and a.target_id = ${userId}
    union all
    select a.id from topups p join audit_log a on a.target_type = 'topup' and a.target_id = p.id::text
     where p.user_id = ${userId}
    union all
    select a.id from withdrawals w join audit_log a on a.target_type = 'withdrawal' and a.target_id = w.id::text
     where w.user_id = ${userId}
    union all
    select a.id from trades t join audit_log a on a.target_type = 'trade' and a.target_id = t.id::text
     where t.user_id = ${userId} and t.status = 'cancelled'
  )`;

export type AuditListFilter = {
  /**
   * A plain admin sees the rows about accounts with the role 'user' only, and none a superadmin
   * made (lib/access.ts); a superadmin, all.
   */
  viewer: Staff;
  actor?: string;
  user?: string;
  action?: string;
  from?: Date;
  to?: Date;
};

export type AuditListRow = {
  id: bigint | string;
  created_at: Date | string;
  actor_id: string | null;
  actor_role: Role | null;
  actor_username: string | null;
  actor_role_now: Role | null;
  action: string;
  target_type: string;
  target_id: string | null;
  subject_id: string | null;
  subject_username: string | null;
  subject_role: Role | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  request_id: string | null;
};

function fromWhere(f: AuditListFilter): SQL {
  const inner: SQL[] = [];
  if (f.actor) inner.push(sql`a.actor_id = ${f.actor}`);
  if (f.action) inner.push(sql`a.action = ${f.action}`);
  if (f.from) inner.push(sql`a.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) inner.push(sql`a.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.user) inner.push(sql`a.id in ${rowsAbout(f.user)}`);
  const where = inner.length ? sql`where ${sql.join(inner, sql` and `)}` : sql``;
  return sql`from (select a.*, ${subjectOf} as subject_id from audit_log a ${where}) r
      left join users su on su.id = r.subject_id
      left join users ac on ac.id = r.actor_id
      ${seesSuperadminRows(f.viewer) ? sql`` : sql`where su.role = 'user' and ${noSuperadminSql(sql`r.actor_role`, sql`ac.role`)}`}`;
}

/** One page of the trail, newest first, with the total of the filter. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditListRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.execute<AuditListRow>(sql`/* audit */
      select r.id, r.created_at, r.actor_id, r.actor_role, ac.username as actor_username,
             ac.role as actor_role_now, r.action, r.target_type, r.target_id, r.subject_id,
             su.username as subject_username, su.role as subject_role,
             r.before, r.after, r.reason, r.ip, r.request_id
        ${fromWhere(filter)}
       order by r.created_at desc, r.id desc
       limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: bigint | string }>(sql`select count(*)::bigint as n ${fromWhere(filter)}`),
  ]);
  return { rows: Array.from(rows), total: Number(totals[0]?.n ?? 0) };
}

export type AdminActionRow = {
  id: bigint | string;
  created_at: Date | string;
  action: string;
  reason: string | null;
};

/** The admin actions on one user's account, newest first: what, when and why, never who. */
export async function listAdminActionsOn(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminActionRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.execute<AdminActionRow>(sql`/* my admin actions */
      select a.id, a.created_at, a.action, a.reason
        from audit_log a
       where a.id in ${rowsAbout(userId)}
       order by a.created_at desc, a.id desc
       limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: bigint | string }>(
      sql`select count(*)::bigint as n from audit_log a where a.id in ${rowsAbout(userId)}`,
    ),
  ]);
  return { rows: Array.from(rows), total: Number(totals[0]?.n ?? 0) };
}
