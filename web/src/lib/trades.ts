import { formatINR, type Trade, tradeSchema } from '@app/shared';

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

type ProfitFields = Pick<Trade, 'profit' | 'result' | 'amount' | 'payout'>;

/**
 * Profit/Loss of a closed order: the profit field when present; otherwise a Win is the total
 * credited minus the amount, a Loss is minus the amount, anything else 0.
 */
export function closedProfit(trade: ProfitFields): number {
  if (trade.profit !== null && Number.isFinite(trade.profit)) return trade.profit;
  if (trade.result === 'Win') return (trade.payout ?? trade.amount) - trade.amount;
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

/** A trade from an answer that carries one (as such or under `trade`), else null. */
export function tradeOf(body: unknown): Trade | null {
  const direct = tradeSchema.safeParse(body);
  if (direct.success) return direct.data;
  if (body && typeof body === 'object' && 'trade' in body) {
    const nested = tradeSchema.safeParse(body.trade);
    if (nested.success) return nested.data;
  }
  return null;
}
