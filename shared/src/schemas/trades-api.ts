import { z } from 'zod';
import { MONEY_ACCOUNTS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { balancesSchema, tradeSchema } from './trades.ts';

/** Answer shapes of the trade, balance and trade-log routes that trades.ts does not cover. */

/** GET /api/trades/:id: one trade with its settlement receipt (entry and exit tick). */
export const tradeResponseSchema = z.object({ trade: tradeSchema });

/** GET /api/user/me/balances and POST /api/user/me/practice/reset. */
export const balancesResponseSchema = z.object({ balances: balancesSchema });
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

/** POST /api/admin/trades/:id/cancel: the cancelled trade and the owner's balances after the refund. */
export const cancelTradeResponseSchema = z.object({ trade: tradeSchema, balances: balancesSchema });
export type CancelTradeResponse = z.infer<typeof cancelTradeResponseSchema>;

/**
 * GET /api/trade-log: the spec's trade log. A user (or anyone with `mine=true`) reads their
 * own trades (the account dashboard asks for 5, newest first); an admin without `mine` reads
 * everybody's, 10 per page, filtered by result, user name or crypto, and a date range.
 */

export const TRADE_LOG_FILTERS = ['all', 'win', 'loss', 'draw'] as const;
export type TradeLogFilter = (typeof TRADE_LOG_FILTERS)[number];

/** Page size of the user's own log (account dashboard) and of the admin trade log. */
export const TRADE_LOG_MINE_LIMIT = 5;
export const TRADE_LOG_ADMIN_LIMIT = 10;
export const TRADE_LOG_MAX_LIMIT = 100;

/** `YYYY-MM-DD` (a whole day) or a full ISO timestamp. */
const dateParam = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(v) && Number.isFinite(Date.parse(v)), MSG.invalidInput)
  .optional();

export const tradeLogQuerySchema = z.object({
  mine: z.stringbool().default(false).catch(false),
  filter: z.enum(TRADE_LOG_FILTERS).default('all').catch('all'),
  /** Username or crypto (BTC, BTC/INR), case-insensitive, anywhere in the text. */
  q: z.string().trim().max(100).optional(),
  /** First day (UTC) of the range, inclusive. */
  from: dateParam,
  /** Last day (UTC) of the range, inclusive (a timestamp: up to that instant). */
  to: dateParam,
  account: z.enum(MONEY_ACCOUNTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  /** Default: 5 for the caller's own log, 10 for the admin log. */
  limit: z.coerce.number().int().min(1).max(TRADE_LOG_MAX_LIMIT).optional().catch(undefined),
  sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt').catch('-createdAt'),
});
export type TradeLogQuery = z.output<typeof tradeLogQuerySchema>;

/** A trade with whose it is (the admin log's user column). */
export const tradeLogEntrySchema = tradeSchema.extend({ userId: z.string(), username: z.string() });
export type TradeLogEntry = z.infer<typeof tradeLogEntrySchema>;

export const tradeLogSchema = z.object({
  items: z.array(tradeLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TradeLog = z.infer<typeof tradeLogSchema>;
