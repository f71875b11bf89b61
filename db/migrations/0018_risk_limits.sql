-- Admin risk limits for real-money placement (db/sql/place_trade.sql checks them in the
-- placement's own statement): the largest stake of one trade, and the largest stake one user
-- may have running on one coin. One row (id = 1); null is no limit. Practice trades are outside.
CREATE TABLE "risk_limits" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_stake_per_trade" bigint,
	"max_open_stake_per_coin" bigint,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "risk_limits_single_row" CHECK ("risk_limits"."id" = 1),
	CONSTRAINT "risk_limits_max_stake_positive" CHECK ("risk_limits"."max_stake_per_trade" > 0),
	CONSTRAINT "risk_limits_max_open_positive" CHECK ("risk_limits"."max_open_stake_per_coin" > 0)
);
--> statement-breakpoint
ALTER TABLE "risk_limits" ADD CONSTRAINT "risk_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "risk_limits" ("id") VALUES (1);
--> statement-breakpoint
-- A user's running real stake on one coin, which placement sums under the account lock when a
-- per-coin limit is set: only running real trades are in it, so the sum reads those alone.
CREATE INDEX "trades_open_real_stake_idx" ON "trades" USING btree ("user_id","symbol") WHERE "trades"."status" = 'running' and "trades"."account" = 'real';
