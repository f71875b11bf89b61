import { type Db, type DbOrTx, loginHistory, twoFactor, users } from '@app/db';
import { type DeviceType, isUuid, type Role } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../plugins/auth.ts';

export type LoginAttempt = {
  userId: string | null;
  identifier: string;
  username: string | null;
  email: string | null;
  role: Role | null;
  success: boolean;
  failureReason: string | null;
  deviceType: DeviceType;
  userAgent: string;
  ip: string | null;
};

/** One row per login attempt, successful or not (registration counts as a login). */
export async function recordLogin(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  await db.insert(loginHistory).values({ ...attempt, identifier: attempt.identifier.slice(0, 254) });
}

const selectSession = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      role: users.role,
      tokenVersion: users.tokenVersion,
      bannedAt: users.bannedAt,
      twoFactor: sql<boolean>`${twoFactor.enabledAt} is not null`,
    })
    .from(users)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);

const preparedSession = new WeakMap<object, ReturnType<ReturnType<typeof selectSession>['prepare']>>();

/** What the session check reads (plugins/auth.ts), by primary key, as a prepared statement per pool. */
export async function findSession(db: Db, id: string): Promise<SessionUser | undefined> {
  if (!isUuid(id)) return undefined;
  let prepared = preparedSession.get(db);
  if (!prepared) {
    prepared = selectSession(db).prepare('users_find_session');
    preparedSession.set(db, prepared);
  }
  return (await prepared.execute({ id }))[0];
}
