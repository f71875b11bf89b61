import type { RiskLimitsRow } from '@app/db';
import { type ExposureRow, paiseToRupees, type RiskExposure, type RiskLimits } from '@app/shared';
import type { ExposureFigures } from './risk.repository.ts';

const rupeesOrNull = (paise: bigint | null) => (paise === null ? null : paiseToRupees(paise));

export function toRiskLimits(row: RiskLimitsRow): RiskLimits {
  return {
    maxStakePerTrade: rupeesOrNull(row.maxStakePerTrade),
    maxOpenStakePerCoin: rupeesOrNull(row.maxOpenStakePerCoin),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The figures in rupees, summed in paise first so the totals are exact. */
export function toExposure(groups: readonly ExposureFigures[], asOf: Date): RiskExposure {
  let count = 0;
  let stake = 0n;
  let payout = 0n;
  const rows: ExposureRow[] = groups.map((g) => {
    count += g.count;
    stake += g.stake;
    payout += g.payoutIfAllWin;
    return {
      symbol: g.symbol,
      direction: g.direction,
      count: g.count,
      stake: paiseToRupees(g.stake),
      payoutIfAllWin: paiseToRupees(g.payoutIfAllWin),
      netIfAllWin: paiseToRupees(g.payoutIfAllWin - g.stake),
    };
  });
  return {
    rows,
    totals: {
      count,
      stake: paiseToRupees(stake),
      payoutIfAllWin: paiseToRupees(payout),
      netIfAllWin: paiseToRupees(payout - stake),
    },
    asOf: asOf.toISOString(),
  };
}
