import { z } from 'zod';
import { MONEY_ACCOUNTS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { calendarDay, istDayEnd, istDayStart, pageQuery, singleLineText } from '../validation.ts';
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

export const tradeLogQuerySchema = z.object({
  mine: z.stringbool().default(false).catch(false),
  filter: z.enum(TRADE_LOG_FILTERS).default('all').catch('all'),
  /** Username or crypto (BTC, BTC/INR), case-insensitive, anywhere in the text. */
  q: singleLineText(MSG.invalidInput).trim().max(100, MSG.textTooLong).optional(),
  /** First day of the range (`YYYY-MM-DD`, India time), inclusive: from its midnight IST. */
  from: calendarDay().transform(istDayStart).optional(),
  /** Last day of the range (`YYYY-MM-DD`, India time), inclusive: up to the next midnight IST. */
  to: calendarDay().transform(istDayEnd).optional(),
  account: z.enum(MONEY_ACCOUNTS).optional().catch(undefined),
  page: pageQuery,
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
