import { z } from 'zod';
import { MSG } from '../messages.ts';
import { pageQuery, singleLineText } from '../validation.ts';

/**
 * The admin's coin list (INTEGRITY §1): a coin has a symbol, a name, whether it is offered,
 * its place in the lists, an icon and the exchange pair it is priced from. There is no price
 * field: prices come only from the market feed.
 */

/** What a coin symbol may be: what placement accepts (placeTradeSchema) and the table's CHECK. */
export const COIN_SYMBOL_PATTERN = /^[A-Z0-9]{2,15}$/;
/** The exchange pair, e.g. BTCUSDT (the table's CHECK too). */
export const MARKET_SYMBOL_PATTERN = /^[A-Z0-9]{5,20}$/;
/** The admin coins screen shows 10 per page (admin-side §9). */
export const ADMIN_COINS_PAGE_SIZE = 10;
export const COIN_NAME_MAX = 60;
export const COIN_SORT_ORDER_MAX = 1_000_000;

export const coinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The exchange pair the feed prices it from. */
  marketSymbol: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  iconUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coin = z.infer<typeof coinSchema>;

export const coinListQuerySchema = z.object({
  /** Symbol or name, case-insensitive, anywhere in the text. */
  q: singleLineText().trim().max(30).optional().catch(undefined),
  page: pageQuery,
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_COINS_PAGE_SIZE).catch(ADMIN_COINS_PAGE_SIZE),
});
export type CoinListQuery = z.output<typeof coinListQuerySchema>;

export const coinListResponseSchema = z.object({
  coins: z.array(coinSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CoinList = z.infer<typeof coinListResponseSchema>;

export const coinResponseSchema = z.object({ coin: coinSchema });

const upperCode = (pattern: RegExp, message: string) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z.string({ error: message }).trim().toUpperCase().regex(pattern, message),
  );
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * POST /api/admin/coins, create and edit in one call as the spec has it. `editing` names the
 * coin an edit is for (absent: a new coin); its symbol must stay the same, since the symbol
 * is what trades, ticks and the feed know the coin by. Fields left out of an edit keep their
 * value. Anything else, a price above all, is refused: the object is strict.
 */
export const coinInputSchema = z.strictObject(
  {
    editing: z.preprocess(blankAsAbsent, upperCode(COIN_SYMBOL_PATTERN, MSG.coinSymbolInvalid).optional()),
    symbol: upperCode(COIN_SYMBOL_PATTERN, MSG.coinSymbolInvalid),
    name: z.preprocess(
      (v) => (v == null ? '' : v),
      singleLineText(MSG.coinNameRequired)
        .trim()
        .min(1, MSG.coinNameRequired)
        .max(COIN_NAME_MAX, MSG.coinNameRequired),
    ),
    /** Default on create: the symbol + USDT. */
    marketSymbol: z.preprocess(
      blankAsAbsent,
      upperCode(MARKET_SYMBOL_PATTERN, MSG.coinMarketSymbolInvalid).optional(),
    ),
    enabled: z.boolean({ error: MSG.invalidInput }).optional(),
    sortOrder: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: MSG.coinSortOrderInvalid })
        .int(MSG.coinSortOrderInvalid)
        .min(0, MSG.coinSortOrderInvalid)
        .max(COIN_SORT_ORDER_MAX, MSG.coinSortOrderInvalid)
        .optional(),
    ),
    /** http(s) URL; empty or null: no icon (the lists then use the public icon host). */
    iconUrl: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v),
      // Control characters are refused before the URL parser, which would drop tabs and line
      // breaks silently.
      singleLineText(MSG.urlInvalid)
        .pipe(z.url({ protocol: /^https?$/, error: MSG.urlInvalid }).max(500, MSG.urlInvalid))
        .nullable()
        .optional(),
    ),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.coinFieldUnknown : MSG.invalidInput),
  },
);
export type CoinInput = z.output<typeof coinInputSchema>;

/** DELETE /api/admin/coins/:symbol */
export const coinSymbolParamsSchema = z.object({
  symbol: z.string().trim().toUpperCase().regex(COIN_SYMBOL_PATTERN, MSG.notFound),
});

/**
 * Pub/sub channel of a deployment (its REDIS_PREFIX in front): a coin was added, edited or
 * removed. The ingestion worker reads the enabled coins again and re-subscribes its streams;
 * every gateway drops its cached coin list and tells its sockets (`market:coins`).
 */
export const coinsChangedChannel = (redisPrefix: string) => `${redisPrefix}market:coins-changed`;

/** A message on `coinsChangedChannel()` and the `market:coins` socket event. */
export const coinsChangedEventSchema = z.object({
  symbol: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  ts: z.number(),
});
export type CoinsChangedEvent = z.infer<typeof coinsChangedEventSchema>;
