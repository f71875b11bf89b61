import { type DbOrTx, users } from '@app/db';
import { isUuid, type Role } from '@app/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';

/** Plain admins reach user accounts only (as on the users screen); superadmins reach everyone. */
export const reachableRoles = (sender: Role): Role[] =>
  sender === 'superadmin' ? ['user', 'admin', 'superadmin'] : ['user'];

const reachable = (sender: Role): SQL => inArray(users.role, reachableRoles(sender));

/** The one user a username, email or id names, if the sender may reach them. */
export async function findRecipient(db: DbOrTx, sender: Role, who: string): Promise<string | undefined> {
  const lower = who.toLowerCase();
  const names = [eq(sql`lower(${users.username})`, lower), eq(sql`lower(${users.email})`, lower)];
  if (isUuid(who)) names.push(eq(users.id, lower));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(...names), reachable(sender)))
    .limit(1);
  return row?.id;
}

/** The ids of those of `ids` that exist and the sender may reach. */
export async function reachableIds(db: DbOrTx, sender: Role, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), reachable(sender)));
  return rows.map((r) => r.id);
}

/** The ids of the users with these emails (any case) whom the sender may reach. */
export async function idsByEmail(db: DbOrTx, sender: Role, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), reachable(sender)));
  return rows.map((r) => r.id);
}
