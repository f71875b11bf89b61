import { type DbOrTx, loginHistory, referralKeys, users } from '@app/db';
import type { SuperOverview } from '@app/shared';
import { and, count, eq, sql } from 'drizzle-orm';

export async function overviewCounts(db: DbOrTx): Promise<SuperOverview> {
  const [roles, keys, logins] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
    db
      .select({ n: count() })
      .from(referralKeys)
      .where(
        and(
          eq(referralKeys.active, true),
          sql`(${referralKeys.expiresAt} is null or ${referralKeys.expiresAt} > now())`,
          sql`${referralKeys.usedCount} < ${referralKeys.maxUses}`,
        ),
      ),
    db
      .select({ n: count() })
      .from(loginHistory)
      .where(
        and(eq(loginHistory.success, true), sql`${loginHistory.createdAt} > now() - interval '24 hours'`),
      ),
  ]);
  const byRole = (role: string) => roles.find((r) => r.role === role)?.n ?? 0;
  return {
    users: byRole('user'),
    admins: byRole('admin'),
    superadmins: byRole('superadmin'),
    activeReferralKeys: keys[0]?.n ?? 0,
    loginsLast24h: logins[0]?.n ?? 0,
  };
}
