import { z } from 'zod';
import { MONEY_ACCOUNTS, TRADE_DIRECTIONS, TRADE_STATUSES, TRADE_UNITS } from '../constants.ts';
import { FEED_SOURCES } from '../market.ts';
import { MSG } from '../messages.ts';
import {
  multiLineText,
  pageQuery,
  positiveIntId,
  rupeeAmount,
  singleLineText,
  wholeNumber,
} from '../validation.ts';

/**
 * Timed trades as the API speaks them. Money in rupees (2 decimals); prices in USDT with the
 * exact 1e8-scaled integer beside them (`priceE8`), because that is what settlement compares.
 */

const TRADE_ACCOUNTS = MONEY_ACCOUNTS;

/** Largest stake one trade may carry, in rupees (a sanity bound, not a product limit). */
export const MAX_TRADE_AMOUNT_RUPEES = 10_000_000;

/** Idempotency-Key header: what clients send with POST /api/trades. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

// ---- trade settings (durations) ----------------------------------------------------------------

export const tradeSettingSchema = z.object({
  id: z.number().int(),
  time: z.number().int(),
  unit: z.enum(TRADE_UNITS),
  /** Duration in seconds (time x unit). */
  seconds: z.number().int(),
  payoutPercent: z.number().int(),
});
export type TradeSetting = z.infer<typeof tradeSettingSchema>;
export const tradeSettingListSchema = z.object({ data: z.array(tradeSettingSchema) });

/** Admin add/edit of a duration: time a non-zero integer, unit one of three, else "Invalid input". */
export const tradeSettingInputSchema = z.object({
  time: wholeNumber(MSG.invalidInput, { min: 1, max: 100_000 }),
  unit: z.enum(TRADE_UNITS, { error: MSG.invalidInput }).default('Seconds'),
  payoutPercent: wholeNumber(MSG.invalidInput, { min: 1, max: 1000 }).optional(),
});
export type TradeSettingInput = z.output<typeof tradeSettingInputSchema>;

// ---- placement -----------------------------------------------------------------------------------

/** The platform's amount rule (`rupeeAmount`): rupees above 0, at most two decimals. */
const amountField = rupeeAmount(MSG.tradeAmountInvalid, { max: MAX_TRADE_AMOUNT_RUPEES });

/** POST /api/trades, with an Idempotency-Key header. Checked in the spec's order. */
export const placeTradeSchema = z.object({
  amount: amountField,
  settingId: positiveIntId(MSG.selectTradeSetting),
  symbol: singleLineText(MSG.invalidInput)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,15}$/, MSG.invalidInput),
  direction: z.enum(TRADE_DIRECTIONS, { error: MSG.invalidInput }),
  account: z.enum(TRADE_ACCOUNTS, { error: MSG.invalidInput }).default('real'),
});
export type PlaceTradeBody = z.output<typeof placeTradeSchema>;

// ---- trades as the API returns them --------------------------------------------------------------

export const tradePriceSchema = z.object({
  price: z.number(),
  priceE8: z.string(),
  aggTradeId: z.number().nullable(),
  /** Exchange time of the trade that set the price (ISO). */
  exchangeTs: z.string(),
  source: z.enum(FEED_SOURCES),
});
export type TradePrice = z.infer<typeof tradePriceSchema>;

export const tradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** SYMBOL/INR, as the spec's tables show it. */
  pair: z.string(),
  /**
   * The exchange pair its prices come from (BTCUSDT), where the receipt's aggregate trade ids can
   * be looked up. The REST reads send it; without it, the coin's default pair (SYMBOL + USDT).
   */
  marketSymbol: z.string().optional(),
  account: z.enum(TRADE_ACCOUNTS),
  direction: z.enum(TRADE_DIRECTIONS),
  amount: z.number(),
  durationSeconds: z.number().int(),
  payoutPercent: z.number().int(),
  status: z.enum(TRADE_STATUSES),
  /** Win | Loss | Draw once settled; null while running and for void/cancelled. */
  result: z.enum(['Win', 'Loss', 'Draw']).nullable(),
  entry: tradePriceSchema,
  exit: tradePriceSchema.nullable(),
  /** What was credited at settlement (stake + profit on a win, the stake on a draw/void/cancel). */
  payout: z.number().nullable(),
  /** Win: + stake x payout %; Loss: - stake; Draw, void, cancelled: 0; null while running. */
  profit: z.number().nullable(),
  /** Why a trade was voided or cancelled, shown to the user. */
  reason: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const balancesSchema = z.object({ real: z.number(), practice: z.number() });
export type Balances = z.infer<typeof balancesSchema>;

/** Answer to POST /api/trades: the trade, the balances after the stake, the server's clock. */
export const placeTradeResponseSchema = z.object({
  trade: tradeSchema,
  balances: balancesSchema,
  /** Server time (ms since epoch) when answering: the countdown is expiresAt minus this clock. */
  serverTime: z.number(),
});
export type PlaceTradeResponse = z.infer<typeof placeTradeResponseSchema>;

export const tradeListQuerySchema = z.object({
  status: z.enum(['running', 'completed']).optional(),
  account: z.enum(TRADE_ACCOUNTS).optional(),
  page: pageQuery,
  limit: z.coerce.number().int().min(1).max(100).default(10).catch(10),
  sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt').catch('-createdAt'),
});
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;

export const tradeListSchema = z.object({
  items: z.array(tradeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TradeList = z.infer<typeof tradeListSchema>;

export const cancelTradeSchema = z.object({
  reason: z.preprocess(
    (v) => (v == null ? '' : v),
    multiLineText(MSG.reasonRequired).trim().min(1, MSG.reasonRequired).max(500, MSG.reasonRequired),
  ),
});

// ---- live events ---------------------------------------------------------------------------------

/** `balance` to `user:{id}` after every movement. */
export type BalanceEvent = Balances & { reason: 'trade_stake' | 'trade_settled' | 'practice_reset' | string };
/** `trade:settled` to `user:{id}` once a trade reaches its final state. */
export type TradeSettledEvent = { trade: Trade; balances: Balances };
/** `trade:placed` to `user:{id}`, so another tab's orders list shows it. */
export type TradePlacedEvent = { trade: Trade };
