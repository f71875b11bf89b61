import { type DbOrTx, users } from '@app/db';
import type { Role } from '@app/shared';
import { eq, type SQL, sql } from 'drizzle-orm';

/**
 * Who may see what, in one place: every route, service and socket room that shows staff data
 * asks these rules, whatever its URL.
 */

/** A session's staff capability: staff role and two-factor sign-in together, or none. */
export type Staff = 'admin' | 'superadmin' | null;

/**
 * Staff sign in with a second factor (ADR 0018): without it a staff account gets exactly what a
 * user gets, on every route and in every socket room.
 */
export function staffOf(user: { role: Role; twoFactor: boolean }): Staff {
  if (!user.twoFactor) return null;
  return user.role === 'admin' || user.role === 'superadmin' ? user.role : null;
}

/**
 * Which accounts staff may see, for every read or write of one account's data: a plain admin
 * only `user` accounts, a superadmin every one. `viewer` is a staff capability, or the role of
 * the actor of a staff route (whose audience held it to staff capability already).
 */
export function mayViewAccount(viewer: Staff | Role, accountRole: Role): boolean {
  return viewer === 'superadmin' || (viewer === 'admin' && accountRole === 'user');
}

/** The account's role, or undefined when there is no such account. */
export async function accountRole(db: DbOrTx, userId: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role;
}

/** One account's records: its owner reads them, and staff who may see that account. */
export async function mayReadRecordsOf(
  db: DbOrTx,
  viewer: { id: string; staff: Staff },
  ownerId: string,
): Promise<boolean> {
  if (ownerId === viewer.id) return true;
  if (viewer.staff === null) return false;
  if (viewer.staff === 'superadmin') return true;
  const role = await accountRole(db, ownerId);
  return role !== undefined && mayViewAccount(viewer.staff, role);
}

/**
 * Lists of many accounts' records (login history, audit, trade log): a plain admin sees no row
 * of a superadmin's, so a superadmin's addresses and actions never reach a plain admin.
 */
export function seesSuperadminRows(staff: Staff | Role): boolean {
  return staff === 'superadmin';
}

/** The list rule as a condition: none of the given role columns is superadmin (null passes). */
export function noSuperadminSql(...roles: SQL[]): SQL {
  return sql.join(
    roles.map((role) => sql`${role} is distinct from 'superadmin'`),
    sql` and `,
  );
}
