import type { Db } from '@app/db';
import type { RequestMeta } from '../../lib/request.ts';
import { audit } from '../audit/audit.ts';
import { removeTwoFactor } from './two-factor.repository.ts';

/**
 * Two-factor sign-in removed for a person who lost both the phone and the recovery codes
 * (`pnpm admin reset-2fa`): their next sign-in is a password one, and staff are led to the setup
 * again. Audited as user.two_factor_off in the same transaction. False when it was not set up.
 */
export async function resetTwoFactor(
  db: Db,
  userId: string,
  who: { actor: RequestMeta['actor'] | null; ip: string | null; requestId: string | null; reason: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await removeTwoFactor(tx, userId))) return false;
    await audit(tx, {
      actor: who.actor,
      action: 'user.two_factor_off',
      targetType: 'user',
      targetId: userId,
      before: { enabled: true },
      after: { enabled: false },
      reason: who.reason,
      ip: who.ip,
      requestId: who.requestId,
    });
    return true;
  });
}
