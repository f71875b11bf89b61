import { breakEvenWinRate } from '@app/shared';

/** The win rate a payout needs to break even, as the trade card states it: "71.4%". */
export function breakEvenLabel(payoutPercent: number): string {
  return `${(breakEvenWinRate(payoutPercent) * 100).toFixed(1)}%`;
}
