import { type DbOrTx, loginHistory } from '@app/db';
import type { DeviceType, Role } from '@app/shared';

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
