import { z } from 'zod';
import { MSG } from '../messages.ts';
import { singleLineText } from '../validation.ts';
import { COIN_SYMBOL_PATTERN } from './coins.ts';

/**
 * The trading halt: a superadmin stops new trades on the whole platform or on one coin during
 * an incident. Running trades still settle. Several halts may stand at once (the platform's and
 * one per coin); placement is refused while any covers its coin.
 */

export const HALT_REASON_MAX = 200;

/** PUT /api/superadmin/trading-halt: `symbol` absent or null is the whole platform. */
export const tradingHaltUpdateSchema = z.strictObject(
  {
    halted: z.boolean({ error: MSG.invalidInput }),
    symbol: z
      .string({ error: MSG.coinSymbolInvalid })
      .trim()
      .toUpperCase()
      .regex(COIN_SYMBOL_PATTERN, MSG.coinSymbolInvalid)
      .nullish()
      .transform((v) => v ?? null),
    reason: singleLineText(MSG.haltReasonRequired)
      .transform((v) => v.trim())
      .pipe(z.string().min(1, MSG.haltReasonRequired).max(HALT_REASON_MAX, MSG.haltReasonRequired)),
  },
  { error: MSG.invalidInput },
);
export type TradingHaltUpdateBody = z.output<typeof tradingHaltUpdateSchema>;

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

/** GET and PUT /api/superadmin/trading-halt: the same, with who set each halt. */
export const adminTradingHaltStateSchema = z.object({
  halts: z.array(tradingHaltSchema.extend({ haltedBy: z.string().nullable() })),
  message: z.string().optional(),
});
export type AdminTradingHaltState = z.infer<typeof adminTradingHaltStateSchema>;

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
