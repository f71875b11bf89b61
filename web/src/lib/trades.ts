import { formatINR, paiseToRupees, rupeesToPaise, type Trade, winProfitPaise } from '@app/shared';

/**
 * How the app reads a trade, wherever it shows one (trade card, orders, receipts, dashboard).
 */

export type Outcome = 'running' | 'win' | 'loss' | 'draw' | 'void' | 'cancelled';

const OUTCOME_BY_STATUS: Record<Trade['status'], Outcome> = {
  running: 'running',
  won: 'win',
  lost: 'loss',
  draw: 'draw',
  void: 'void',
  cancelled: 'cancelled',
};

export function outcomeOf(trade: Pick<Trade, 'status'>): Outcome {
  return OUTCOME_BY_STATUS[trade.status];
}

/** Running orders are status running; everything else is closed (case-insensitive, as the spec says). */
export function isRunning(trade: { status: string }): boolean {
  return trade.status.toLowerCase() === 'running';
}

/**
 * Profit of a stake if it wins, in rupees: exactly what the ledger credits over the stake
 * (`winProfitPaise`, the rule the database settles by). Null unless the stake is a positive
 * number of whole paise.
 */
export function winProfit(amount: number, payoutPercent: number): number | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  let paise: bigint;
  try {
    paise = rupeesToPaise(amount);
  } catch {
    return null;
  }
  return paiseToRupees(winProfitPaise(paise, payoutPercent));
}

type ProfitFields = Pick<Trade, 'profit' | 'result' | 'amount' | 'payout' | 'payoutPercent'>;

/**
 * Profit/Loss of a closed order: the profit field when present; otherwise a Win is what was
 * credited minus the amount (or, without that, the win profit the rules give), a Loss is minus
 * the amount, anything else 0.
 */
export function closedProfit(trade: ProfitFields): number {
  if (trade.profit !== null && Number.isFinite(trade.profit)) return trade.profit;
  if (trade.result === 'Win') {
    if (trade.payout !== null) return trade.payout - trade.amount;
    return winProfit(trade.amount, trade.payoutPercent) ?? 0;
  }
  if (trade.result === 'Loss') return -trade.amount;
  return 0;
}

/** "+₹24.00", "-₹100.00", "₹0.00" */
export function formatSignedRupees(value: number): string {
  if (value > 0) return `+₹${formatINR(value)}`;
  if (value < 0) return `-₹${formatINR(-value)}`;
  return `₹${formatINR(0)}`;
}

/** CSS tone of a profit: up, down or none. */
export function profitTone(value: number): 'up' | 'down' | undefined {
  if (value > 0) return 'up';
  if (value < 0) return 'down';
  return undefined;
}
