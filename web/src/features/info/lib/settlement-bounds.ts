/**
 * The two time bounds the rules page states. They are settings of the servers, not of the
 * browser: these are their defaults, and settlement-bounds.test.ts fails when a default in the
 * servers' configuration changes without them. A trade voided for staleness names the limit
 * that applied in its reason, so a receipt never depends on these copies.
 */

/** gateway/src/config.ts TRADE_MAX_PRICE_AGE_MS: the oldest price a trade may open at. */
export const ENTRY_PRICE_MAX_AGE_MS = 5000;

/**
 * workers/src/config.ts TRADE_STALE_AFTER_MS: a last price at or before expiry older than this
 * voids the trade (db/sql/settle_trades.sql); settlement waits this long past expiry for a
 * later price (db/sql/expiry_price_final.sql).
 */
export const EXIT_PRICE_STALE_AFTER_MS = 10_000;
