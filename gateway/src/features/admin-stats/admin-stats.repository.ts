import { type DbOrTx, type LoginHistoryRow, loginHistory, users } from '@app/db';
import { isUuid, type Role } from '@app/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { noSuperadminSql } from '../../lib/access.ts';
import { containsPattern } from '../../lib/sql.ts';

export type LoginHistoryFilter = {
  q?: string;
  /** a user id, or an exact username / email */
  user?: string;
  excludeRole?: Role;
  /** Admins must never see superadmin activity, whatever they ask for. */
  hideSuperadmins: boolean;
};

function whereOf(f: LoginHistoryFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (f.hideSuperadmins) {
    // The row's role snapshot, and also the account's current role (a user promoted later).
    conditions.push(noSuperadminSql(sql`${loginHistory.role}`));
    conditions.push(
      sql`not exists (select 1 from ${users} where ${users.id} = ${loginHistory.userId} and ${users.role} = 'superadmin')`,
    );
  }
  if (f.excludeRole) conditions.push(sql`${loginHistory.role} is distinct from ${f.excludeRole}`);
  if (f.user) {
    const who = f.user.toLowerCase();
    conditions.push(
      isUuid(f.user)
        ? eq(loginHistory.userId, f.user)
        : or(
            sql`lower(${loginHistory.username}) = ${who}`,
            sql`lower(${loginHistory.email}) = ${who}`,
            sql`lower(${loginHistory.identifier}) = ${who}`,
          ),
    );
  }
  if (f.q) {
    const p = containsPattern(f.q);
    conditions.push(
      or(
        ilike(loginHistory.username, p),
        ilike(loginHistory.email, p),
        ilike(loginHistory.identifier, p),
        ilike(loginHistory.userAgent, p),
      ),
    );
  }
  return and(...conditions);
}

export async function listLogins(
  db: DbOrTx,
  filter: LoginHistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: LoginHistoryRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(loginHistory)
      .where(where)
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(loginHistory).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
