-- The money functions' bodies now live in db/sql/<function>.sql, applied after the migrations
-- on every start (src/migrate.ts). The versions the earlier migrations created go, with their
-- TypeScript fallbacks: placement, settlement and cancellation each have one implementation.
DROP FUNCTION IF EXISTS place_trade_in_session(integer, uuid, money_account, text, trade_direction, bigint, integer, integer, integer, bigint, bigint, timestamptz, text, timestamptz, timestamptz, text, timestamptz, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS place_trade(uuid, money_account, text, trade_direction, bigint, integer, integer, integer, bigint, bigint, timestamptz, text, timestamptz, timestamptz, text, timestamptz, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS settle_expiry_with_balances(text, timestamptz, integer, timestamptz, integer);
--> statement-breakpoint
DROP TYPE IF EXISTS settle_expiry_row;
--> statement-breakpoint
DROP FUNCTION IF EXISTS settle_expiry(text, timestamptz, integer, timestamptz, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS settle_trade(uuid, integer, timestamptz);
--> statement-breakpoint
-- A settled trade and its account's balance after its credit, as settle_trades collects them.
CREATE TYPE settled_trade AS (balance_after bigint, trade trades);
