import { z } from 'zod';
import { TRADE_DIRECTIONS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { rupeeAmount } from '../validation.ts';
import { MAX_TRADE_AMOUNT_RUPEES } from './trades.ts';

/**
 * Admin risk limits on real-money placement and the open exposure of running real trades.
 * Money in rupees (2 decimals), as everywhere in the API. Practice trades are outside both.
 */

/** Largest open stake per user and coin an admin may set, in rupees (a sanity bound). */
export const MAX_OPEN_STAKE_LIMIT_RUPEES = 1_000_000_000;

/** A limit as a form or a client sends it: empty or null is no limit, else the amount rule. */
const limit = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    rupeeAmount(MSG.riskLimitInvalid, { max }).nullable(),
  );

/**
 * PUT /api/admin/risk-limits: both limits, each null for none (a key left out is refused, so a
 * client that knows one limit cannot clear the other by accident).
 */
export const riskLimitsUpdateSchema = z
  .strictObject(
    {
      maxStakePerTrade: limit(MAX_TRADE_AMOUNT_RUPEES),
      maxOpenStakePerCoin: limit(MAX_OPEN_STAKE_LIMIT_RUPEES),
    },
    { error: MSG.invalidInput },
  )
  .refine(
    (v) =>
      v.maxStakePerTrade === null ||
      v.maxOpenStakePerCoin === null ||
      v.maxStakePerTrade <= v.maxOpenStakePerCoin,
    { message: MSG.riskLimitsOrder, path: ['maxStakePerTrade'] },
  );
export type RiskLimitsUpdateBody = z.output<typeof riskLimitsUpdateSchema>;

/** GET and PUT /api/admin/risk-limits answer. */
export const riskLimitsSchema = z.object({
  /** The largest stake of one real trade; null: no limit. */
  maxStakePerTrade: z.number().nullable(),
  /** The largest running real stake one user may have on one coin; null: no limit. */
  maxOpenStakePerCoin: z.number().nullable(),
  /** When an admin last changed them (ISO); null: never. */
  updatedAt: z.string().nullable(),
});
export type RiskLimits = z.infer<typeof riskLimitsSchema>;

const exposureFigures = {
  /** Running trades. */
  count: z.number().int(),
  /** Their stakes. */
  stake: z.number(),
  /** What the platform credits if every one of them wins: stake + profit at its own payout. */
  payoutIfAllWin: z.number(),
  /** payoutIfAllWin - stake: what the platform loses if every one wins. */
  netIfAllWin: z.number(),
};

export const exposureRowSchema = z.object({
  symbol: z.string(),
  direction: z.enum(TRADE_DIRECTIONS),
  ...exposureFigures,
});
export type ExposureRow = z.infer<typeof exposureRowSchema>;

/**
 * GET /api/admin/risk/exposure, and the `admin:exposure` event to the admins room: the running
 * real trades per coin and direction (coins in order, Up before Down), and their totals.
 */
export const riskExposureSchema = z.object({
  rows: z.array(exposureRowSchema),
  totals: z.object(exposureFigures),
  /** When the figures were read (ISO). */
  asOf: z.string(),
});
export type RiskExposure = z.infer<typeof riskExposureSchema>;
