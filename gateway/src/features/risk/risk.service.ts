import type { Db } from '@app/db';
import { type RiskExposure, type RiskLimits, type RiskLimitsUpdateBody, rupeesToPaise } from '@app/shared';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { toExposure, toRiskLimits } from './risk.mapper.ts';
import { lockLimits, openExposure, readLimits, writeLimits } from './risk.repository.ts';

const paiseOrNull = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

/**
 * Risk: the admin's limits on real-money placement (enforced by the placement itself, in
 * db/sql/place_trade.sql: this only stores them) and the open exposure of running real trades.
 */
export function createRiskService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  return {
    async limits(): Promise<RiskLimits> {
      return toRiskLimits(await readLimits(db));
    },

    /** Replace both limits; audited as `risk_limits.update` in the same transaction. */
    async updateLimits(body: RiskLimitsUpdateBody, meta: RequestMeta): Promise<RiskLimits> {
      return db.transaction(async (tx) => {
        const before = await lockLimits(tx);
        const row = await writeLimits(
          tx,
          {
            maxStakePerTrade: paiseOrNull(body.maxStakePerTrade),
            maxOpenStakePerCoin: paiseOrNull(body.maxOpenStakePerCoin),
          },
          meta.actor.id,
        );
        await audit(tx, {
          ...auditContext(meta),
          action: 'risk_limits.update',
          targetType: 'risk_limits',
          targetId: null,
          // Paise, exact; null is no limit.
          before: {
            maxStakePerTrade: before.maxStakePerTrade,
            maxOpenStakePerCoin: before.maxOpenStakePerCoin,
          },
          after: { maxStakePerTrade: row.maxStakePerTrade, maxOpenStakePerCoin: row.maxOpenStakePerCoin },
        });
        return toRiskLimits(row);
      });
    },

    async exposure(): Promise<RiskExposure> {
      const asOf = new Date(now());
      return toExposure(await openExposure(db), asOf);
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
