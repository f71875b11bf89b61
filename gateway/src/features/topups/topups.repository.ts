import { type DbOrTx, type TopupRow, topups, users } from '@app/db';
import { isUuid, type RequestUser, type WalletRequestStatus } from '@app/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { noSuperadminSql } from '../../lib/access.ts';

/** Reads of top-ups. Every write goes through the top-up functions of @app/db. */

export async function findTopup(db: DbOrTx, id: string): Promise<TopupRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(topups).where(eq(topups.id, id));
  return row;
}

type Page = { limit: number; offset: number };

/** Newest first; the id breaks ties so pages never overlap. */
const newestFirst = [desc(topups.createdAt), desc(topups.id)];

/** One user's top-ups, of one status or all. */
export async function listUserTopups(
  db: DbOrTx,
  query: Page & { userId: string; status?: WalletRequestStatus },
): Promise<{ rows: TopupRow[]; total: number }> {
  const where = query.status
    ? and(eq(topups.userId, query.userId), eq(topups.status, query.status))
    : eq(topups.userId, query.userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(topups)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(topups).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export type TopupWithUser = TopupRow & { user: RequestUser };

/** Everybody's top-ups with who asked, of one status or all (admins). */
export async function listTopupsWithUsers(
  db: DbOrTx,
  query: Page & {
    status?: WalletRequestStatus;
    /** For a plain admin: no superadmin's top-ups (lib/access.ts). */
    hideSuperadmins?: boolean;
  },
): Promise<{ rows: TopupWithUser[]; total: number }> {
  const where = and(
    query.status ? eq(topups.status, query.status) : undefined,
    query.hideSuperadmins ? noSuperadminSql(sql`${users.role}`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        topup: topups,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          email: users.email,
        },
      })
      .from(topups)
      .innerJoin(users, eq(users.id, topups.userId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(topups).innerJoin(users, eq(users.id, topups.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.topup, user: r.user })), total: totals[0]?.n ?? 0 };
}
