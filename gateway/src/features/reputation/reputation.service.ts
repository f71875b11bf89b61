import type { Db } from '@app/db';
import {
  MSG,
  REPUTATION_MAX,
  type ReputationAdjustBody,
  VISIT_REWARD_POINTS,
  type VisitResponse,
} from '@app/shared';
import { mayViewAccount } from '../../lib/access.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { lockUser } from '../admin-users/admin-users.repository.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { awardVisit, currentPoints, setPoints } from './reputation.repository.ts';

export function createReputationService({ db }: { db: Db }) {
  return {
    /** `awarded` is true only when the points actually rose (not at the 100 cap). */
    async visit(userId: string): Promise<VisitResponse> {
      const result = await awardVisit(db, userId, VISIT_REWARD_POINTS, REPUTATION_MAX);
      if (result) return { awarded: result.after > result.before, reputationPoints: result.after };
      const points = await currentPoints(db, userId);
      if (points === undefined) throw unauthorized(MSG.sessionExpired);
      return { awarded: false, reputationPoints: points };
    },

    /**
     * Admin: set the user's points (the schema has rounded and clamped them to 0-100), audited
     * with the reason in the same transaction. A plain admin may not touch an admin's account.
     * Setting the value it already has writes nothing.
     */
    async adminSet(
      body: ReputationAdjustBody,
      meta: RequestMeta,
    ): Promise<{ message: string; reputationPoints: number }> {
      await db.transaction(async (tx) => {
        const before = await lockUser(tx, body.userId);
        if (!before) throw notFound();
        if (!mayViewAccount(meta.actor.role, before.role)) throw forbidden();
        if (before.reputationPoints === body.setTo) return;
        await setPoints(tx, body.userId, body.setTo);
        await audit(tx, {
          ...auditContext(meta),
          action: 'user.reputation_set',
          targetType: 'user',
          targetId: body.userId,
          before: { reputationPoints: before.reputationPoints },
          after: { reputationPoints: body.setTo },
          reason: body.reason,
        });
      });
      return { message: MSG.reputationUpdated, reputationPoints: body.setTo };
    },
  };
}
