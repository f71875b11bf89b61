import type { MoneyAccount, TradeDirection, TradeStatus } from './constants.ts';

/**
 * The rules a trade is settled by, as pure functions. The database applies them when it writes
 * (db/sql/settle_batch.sql); these are the copy the web displays with and the tests check the
 * database against. A change to a rule changes both, and the property test in db/ fails until
 * they agree again.
 */

/** Feed source whose prices never decide real money (INTEGRITY 1). */
export const SIMULATED_SOURCE = 'simulated';

/** Integer a * b / d rounded half away from zero (d > 0). */
export function mulDivRoundHalfAwayFromZero(a: bigint, b: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('the divisor must be positive');
  const n = a * b;
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/**
 * Profit of a won trade in paise: stake x payout% / 100, rounded half away from zero to whole
 * paise (Rs 10.01 at 25 % = 250.25 paise -> 250; Rs 0.02 at 25 % = 0.5 paise -> 1). Exact
 * integer arithmetic, never a float.
 */
export function winProfitPaise(stakePaise: bigint, payoutPercent: number): bigint {
  if (!Number.isInteger(payoutPercent)) throw new RangeError('the payout must be a whole percentage');
  return mulDivRoundHalfAwayFromZero(stakePaise, BigInt(payoutPercent), 100n);
}

/**
 * Placement instant + duration, moved forward to the last millisecond of its second (x.999).
 * The tick archive keeps the last tick of every second, so the archived row of the expiry's
 * second is then exactly "the last tick at or before expiry", and it is final as soon as any
 * later second is archived. The trade runs up to a second longer than its duration, never
 * shorter; the server sends `expiresAt`, so the countdown shows it.
 */
export function expiryFor(placedAt: Date, durationSeconds: number): Date {
  const end = placedAt.getTime() + durationSeconds * 1000;
  return new Date(Math.floor(end / 1000) * 1000 + 999);
}

/** Break-even win rate a payout implies: a win pays stake x p, a loss costs the stake. 40 % -> 0.714. */
export function breakEvenWinRate(payoutPercent: number): number {
  return 1 / (1 + payoutPercent / 100);
}

export type SettledStatus = Extract<TradeStatus, 'won' | 'lost' | 'draw' | 'void'>;

/** What settlement needs of a trade. Prices are integers x 1e8. */
export type OutcomeTrade = {
  account: MoneyAccount;
  direction: TradeDirection;
  amount: bigint;
  payoutPercent: number;
  entryPriceE8: bigint;
  expiresAt: Date;
};

/** The exit tick: the last recorded tick at or before expiry (none: no price was recorded). */
export type OutcomeTick = { priceE8: bigint; exchangeTs: Date; source: string };

export type Outcome = {
  status: SettledStatus;
  /** Paise credited at settlement: stake + profit for a win, the stake back for a draw or void, 0 for a loss. */
  payout: bigint;
  /** payout - stake. */
  profit: bigint;
  voidReason: string | null;
};

/**
 * The result a trade gets from its exit tick and nothing else (INTEGRITY 1): no tick, a tick
 * older than `staleAfterMs` before expiry, or a simulated tick for real money voids the trade
 * (stake back); otherwise Up wins if exit > entry, Down wins if exit < entry, equal is a draw
 * (stake back).
 */
export function decideOutcome(trade: OutcomeTrade, exit: OutcomeTick | null, staleAfterMs: number): Outcome {
  const voided = (voidReason: string): Outcome => ({
    status: 'void',
    payout: trade.amount,
    profit: 0n,
    voidReason,
  });
  if (!exit) return voided('No market price was recorded before expiry; the stake is refunded.');
  if (trade.account === 'real' && exit.source === SIMULATED_SOURCE)
    return voided('Only a simulated price exists at expiry; the stake is refunded.');
  const lagMs = trade.expiresAt.getTime() - exit.exchangeTs.getTime();
  if (lagMs > staleAfterMs) {
    return voided(
      `No fresh market price at expiry: the last one is ${lagMs} ms older than expiry (limit ${staleAfterMs} ms); the stake is refunded.`,
    );
  }
  if (exit.priceE8 === trade.entryPriceE8)
    return { status: 'draw', payout: trade.amount, profit: 0n, voidReason: null };
  const up = exit.priceE8 > trade.entryPriceE8;
  if ((trade.direction === 'up') === up) {
    const profit = winProfitPaise(trade.amount, trade.payoutPercent);
    return { status: 'won', payout: trade.amount + profit, profit, voidReason: null };
  }
  return { status: 'lost', payout: 0n, profit: -trade.amount, voidReason: null };
}
