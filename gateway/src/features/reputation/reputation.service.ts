import type { Db } from '@app/db';
import { MSG, REPUTATION_MAX, VISIT_REWARD_POINTS, type VisitResponse } from '@app/shared';
import { unauthorized } from '../../lib/errors.ts';
import { awardVisit, currentPoints } from './reputation.repository.ts';

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
  };
}
