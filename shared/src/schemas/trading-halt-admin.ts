import { z } from 'zod';
import { MSG } from '../messages.ts';
import { singleLineText } from '../validation.ts';
import { COIN_SYMBOL_PATTERN } from './coins.ts';
import { tradingHaltSchema } from './trading-halt.ts';

/** The superadmin's side of the trading halt, apart from what every trade page loads. */

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

/** GET and PUT /api/superadmin/trading-halt: the halts, with who set each. */
export const adminTradingHaltStateSchema = z.object({
  halts: z.array(tradingHaltSchema.extend({ haltedBy: z.string().nullable() })),
  message: z.string().optional(),
});
export type AdminTradingHaltState = z.infer<typeof adminTradingHaltStateSchema>;
