-- A user's own responsible-trading settings (src/schema/responsible-trading.ts): the accepted
-- risk disclosure, daily loss and deposit limits (a raise waits in pending_*), cool-off and
-- self-exclusion. Checked by db/sql/responsible_trading_check.sql under this row's lock.
CREATE TABLE "responsible_trading" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"disclosure_version" integer,
	"disclosure_accepted_at" timestamp with time zone,
	"daily_loss_limit" bigint,
	"pending_daily_loss_limit" bigint,
	"daily_loss_limit_pending_from" timestamp with time zone,
	"daily_deposit_limit" bigint,
	"pending_daily_deposit_limit" bigint,
	"daily_deposit_limit_pending_from" timestamp with time zone,
	"cool_off_until" timestamp with time zone,
	"self_excluded_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_trading_disclosure_pair" CHECK (("responsible_trading"."disclosure_version" is null) = ("responsible_trading"."disclosure_accepted_at" is null)),
	CONSTRAINT "responsible_trading_limits_positive" CHECK ("responsible_trading"."daily_loss_limit" > 0 and "responsible_trading"."pending_daily_loss_limit" > 0 and "responsible_trading"."daily_deposit_limit" > 0 and "responsible_trading"."pending_daily_deposit_limit" > 0),
	CONSTRAINT "responsible_trading_pending_has_time" CHECK (("responsible_trading"."pending_daily_loss_limit" is null or "responsible_trading"."daily_loss_limit_pending_from" is not null) and ("responsible_trading"."pending_daily_deposit_limit" is null or "responsible_trading"."daily_deposit_limit_pending_from" is not null))
);
--> statement-breakpoint
ALTER TABLE "responsible_trading" ADD CONSTRAINT "responsible_trading_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A user's real trades of one Indian day, which placement sums against the daily loss limit.
CREATE INDEX "trades_real_user_created_idx" ON "trades" USING btree ("user_id","created_at") WHERE "trades"."account" = 'real';
--> statement-breakpoint
-- Placement now takes the disclosure version a real-money trade needs (db/sql/place_trade.sql).
DROP FUNCTION IF EXISTS place_trade(integer, uuid, money_account, text, trade_direction, bigint, integer, integer, integer, bigint, bigint, timestamptz, text, timestamptz, text, timestamptz, integer, text);
