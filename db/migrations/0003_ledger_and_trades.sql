CREATE TYPE "public"."bill_type" AS ENUM('trade_stake', 'trade_payout', 'trade_refund', 'practice_reset', 'recharge', 'withdrawal', 'withdrawal_return', 'admin_adjustment', 'opening_balance');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('user_real', 'user_practice', 'house_real', 'house_practice', 'payments', 'adjustments');--> statement-breakpoint
CREATE TYPE "public"."money_account" AS ENUM('real', 'practice');--> statement-breakpoint
CREATE TYPE "public"."trade_direction" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TYPE "public"."trade_status" AS ENUM('running', 'won', 'lost', 'draw', 'void', 'cancelled');--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" "bill_type" NOT NULL,
	"user_id" uuid,
	"account" "money_account",
	"reference" text,
	"remarks" text,
	"idempotency_key" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_user_account" CHECK (("journal_entries"."user_id" is null) = ("journal_entries"."account" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" "ledger_account_kind" NOT NULL,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_kind_key" UNIQUE NULLS NOT DISTINCT("user_id","kind"),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" in ('user_real', 'user_practice')) = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_cached_balance_users_only" CHECK (("ledger_accounts"."user_id" is null) = ("ledger_accounts"."balance" is null)),
	CONSTRAINT "ledger_accounts_balance_nonnegative" CHECK ("ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount" <> 0),
	CONSTRAINT "postings_balance_after_nonnegative" CHECK ("postings"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account" "money_account" NOT NULL,
	"symbol" text NOT NULL,
	"direction" "trade_direction" NOT NULL,
	"amount" bigint NOT NULL,
	"setting_id" integer,
	"duration_seconds" integer NOT NULL,
	"payout_percent" integer NOT NULL,
	"status" "trade_status" DEFAULT 'running' NOT NULL,
	"entry_price_e8" bigint NOT NULL,
	"entry_agg_trade_id" bigint,
	"entry_exchange_ts" timestamp (3) with time zone NOT NULL,
	"entry_source" text NOT NULL,
	"entry_second" timestamp with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"exit_price_e8" bigint,
	"exit_agg_trade_id" bigint,
	"exit_exchange_ts" timestamp (3) with time zone,
	"exit_source" text,
	"exit_second" timestamp with time zone,
	"stale_after_ms" integer,
	"payout" bigint,
	"profit" bigint,
	"settled_at" timestamp (3) with time zone,
	"void_reason" text,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"idempotency_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_amount_positive" CHECK ("trades"."amount" > 0),
	CONSTRAINT "trades_duration_positive" CHECK ("trades"."duration_seconds" > 0),
	CONSTRAINT "trades_payout_percent_range" CHECK ("trades"."payout_percent" between 1 and 1000),
	CONSTRAINT "trades_entry_price_positive" CHECK ("trades"."entry_price_e8" > 0),
	CONSTRAINT "trades_expiry_after_creation" CHECK ("trades"."expires_at" > "trades"."created_at"),
	CONSTRAINT "trades_open_or_closed" CHECK (("trades"."status" = 'running') = ("trades"."settled_at" is null and "trades"."payout" is null and "trades"."profit" is null)),
	CONSTRAINT "trades_payout_nonnegative" CHECK ("trades"."payout" >= 0 and "trades"."profit" = "trades"."payout" - "trades"."amount"),
	CONSTRAINT "trades_priced_results_have_exit" CHECK ("trades"."status" not in ('won', 'lost', 'draw') or ("trades"."exit_price_e8" is not null and "trades"."exit_exchange_ts" is not null and "trades"."exit_source" is not null)),
	CONSTRAINT "trades_void_has_reason" CHECK ("trades"."status" <> 'void' or "trades"."void_reason" is not null),
	CONSTRAINT "trades_cancel_has_reason" CHECK ("trades"."status" <> 'cancelled' or ("trades"."cancel_reason" is not null and "trades"."cancelled_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_setting_id_trade_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."trade_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_idempotency_key" ON "journal_entries" USING btree ("idempotency_key") WHERE "journal_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_reference_idx" ON "journal_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "journal_entries_user_idx" ON "journal_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_user_idempotency_key" ON "trades" USING btree ("user_id","idempotency_key") WHERE "trades"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "trades_user_status_created_idx" ON "trades" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_running_expiry_idx" ON "trades" USING btree ("status","expires_at") WHERE "trades"."status" = 'running';--> statement-breakpoint
-- Platform accounts: one row per kind and no cached balance (see src/schema/ledger.ts).
INSERT INTO "ledger_accounts" ("kind") VALUES ('house_real'), ('house_practice'), ('payments'), ('adjustments');
--> statement-breakpoint
-- Ledger rows are a record: appended, never rewritten or removed. A correction is a new entry.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_update_delete BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_update_delete BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Accounts are never removed or handed to someone else; only a user account's cached balance changes.
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger_accounts rows are permanent (% refused)', TG_OP;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.created_at) IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.kind, OLD.created_at)
    OR (NEW.balance IS NULL) <> (OLD.balance IS NULL) THEN
    RAISE EXCEPTION 'only the cached balance of a user ledger account may change';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
-- Double entry, checked at commit: every entry has at least two postings and they sum to zero.
-- Deferred, so a posting function may write the entry first and its postings after it.
CREATE FUNCTION ledger_assert_balanced(entry bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO n, total FROM postings WHERE entry_id = entry;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to %', entry, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION journal_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.entry_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION postings_balanced();
--> statement-breakpoint
-- Settled trades are final (INTEGRITY 1). A trade is never deleted; while it runs only its
-- settlement columns may be written; once it is final nothing changes. The one exception is
-- setting_id, which ON DELETE SET NULL clears when an admin deletes a trade setting (the
-- setting's terms are copied onto the trade).
CREATE FUNCTION trades_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n trades;
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'trades are never removed (% refused)', TG_OP;
  END IF;
  IF NEW.setting_id IS DISTINCT FROM OLD.setting_id AND NEW.setting_id IS NOT NULL THEN
    RAISE EXCEPTION 'the setting of trade % cannot change', OLD.id;
  END IF;
  n := NEW;
  n.setting_id := OLD.setting_id;
  IF OLD.status <> 'running' THEN
    IF n IS DISTINCT FROM OLD THEN
      RAISE EXCEPTION 'trade % is % and final', OLD.id, OLD.status;
    END IF;
    RETURN NEW;
  END IF;
  IF (n.id, n.user_id, n.account, n.symbol, n.direction, n.amount, n.duration_seconds, n.payout_percent,
      n.entry_price_e8, n.entry_agg_trade_id, n.entry_exchange_ts, n.entry_source, n.entry_second,
      n.expires_at, n.idempotency_key, n.created_at)
    IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.account, OLD.symbol, OLD.direction, OLD.amount, OLD.duration_seconds,
      OLD.payout_percent, OLD.entry_price_e8, OLD.entry_agg_trade_id, OLD.entry_exchange_ts,
      OLD.entry_source, OLD.entry_second, OLD.expires_at, OLD.idempotency_key, OLD.created_at) THEN
    RAISE EXCEPTION 'the terms of trade % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trades_guard BEFORE UPDATE OR DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_guard();
--> statement-breakpoint
CREATE TRIGGER trades_no_truncate BEFORE TRUNCATE ON trades
  FOR EACH STATEMENT EXECUTE FUNCTION trades_guard();
