import { breakEvenWinRate, type TradeSetting } from '@app/shared';
import { winProfit } from '../../../lib/trades.ts';

/** "71.4": the share of wins (in %) a payout needs to break even, one decimal. */
export function breakEvenPercent(payoutPercent: number): string {
  return (breakEvenWinRate(payoutPercent) * 100).toFixed(1);
}

/**
 * Profit of a stake if it wins, in rupees: exactly what the ledger will credit over the stake.
 * Null until the amount is a positive number of whole paise.
 */
export function profitFor(amount: number | null, setting: TradeSetting | null): number | null {
  if (amount === null || !setting) return null;
  return winProfit(amount, setting.payoutPercent);
}

/** i18n key and count of a duration: 20 Seconds → ('quickTrade.seconds', 20). */
export function durationParts(setting: Pick<TradeSetting, 'time' | 'unit'>): {
  key: 'quickTrade.seconds' | 'quickTrade.minutes' | 'quickTrade.hours';
  count: number;
} {
  const key =
    setting.unit === 'Hours'
      ? 'quickTrade.hours'
      : setting.unit === 'Minutes'
        ? 'quickTrade.minutes'
        : 'quickTrade.seconds';
  return { key, count: setting.time };
}
