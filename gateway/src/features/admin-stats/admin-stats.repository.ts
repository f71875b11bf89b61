import { type DbOrTx, type LoginHistoryRow, loginHistory, users } from '@app/db';
import { type DeviceType, isUuid, type Role } from '@app/shared';
import { and, count, countDistinct, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
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
    conditions.push(sql`${loginHistory.role} is distinct from 'superadmin'`);
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

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Distinct users with a successful login in the last 30 days. */
export async function countActiveUsers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(loginHistory.userId) })
    .from(loginHistory)
    .where(and(eq(loginHistory.success, true), sql`${loginHistory.createdAt} > now() - interval '30 days'`));
  return row?.n ?? 0;
}

export async function successfulLoginsByDevice(db: DbOrTx): Promise<Record<DeviceType, number>> {
  const rows = await db
    .select({ device: loginHistory.deviceType, n: count() })
    .from(loginHistory)
    .where(eq(loginHistory.success, true))
    .groupBy(loginHistory.deviceType);
  const out: Record<DeviceType, number> = { mobile: 0, desktop: 0, tablet: 0, unknown: 0 };
  for (const r of rows) out[r.device] = r.n;
  return out;
}
