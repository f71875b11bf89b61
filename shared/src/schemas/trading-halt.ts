import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * The trading halt: a superadmin stops new trades on the whole platform or on one coin during
 * an incident. Running trades still settle. Several halts may stand at once (the platform's and
 * one per coin); placement is refused while any covers its coin. This file is what every trade
 * page loads; the superadmin's schemas are in trading-halt-admin.ts.
 */

/** One standing halt as users see it. */
export const tradingHaltSchema = z.object({
  /** null: the whole platform. */
  symbol: z.string().nullable(),
  reason: z.string(),
  /** When it started (ISO). */
  since: z.string(),
});
export type TradingHalt = z.infer<typeof tradingHaltSchema>;

/**
 * GET /api/trading-halt (public) and the `trading:halt` event to every socket: the halts that
 * stand now, the platform's first.
 */
export const tradingHaltStateSchema = z.object({ halts: z.array(tradingHaltSchema) });
export type TradingHaltState = z.infer<typeof tradingHaltStateSchema>;

/** The halt that stops a new trade on `symbol`, if any: the platform's before the coin's. */
export function haltFor<H extends Pick<TradingHalt, 'symbol'>>(
  halts: readonly H[],
  symbol: string,
): H | undefined {
  return halts.find((h) => h.symbol === null) ?? halts.find((h) => h.symbol === symbol);
}

/** The refusal a placement gets under a halt, naming its reason. */
export function haltMessage(halt: Pick<TradingHalt, 'symbol' | 'reason'>): string {
  return `${halt.symbol === null ? MSG.tradingHalted : MSG.coinTradingHalted} ${halt.reason}`;
}
