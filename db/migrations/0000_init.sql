CREATE TYPE "public"."device_type" AS ENUM('mobile', 'desktop', 'tablet', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."trade_unit" AS ENUM('Seconds', 'Minutes', 'Hours');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('user', 'admin', 'superadmin');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_role" "role",
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"identifier" text NOT NULL,
	"username" text,
	"email" text,
	"role" "role",
	"success" boolean NOT NULL,
	"failure_reason" text,
	"device_type" "device_type" DEFAULT 'unknown' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"label" text,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_keys_code_shape" CHECK ("referral_keys"."code" ~ '^[A-Z0-9]{8}$'),
	CONSTRAINT "referral_keys_max_uses_positive" CHECK ("referral_keys"."max_uses" >= 1),
	CONSTRAINT "referral_keys_used_within_max" CHECK ("referral_keys"."used_count" >= 0 and "referral_keys"."used_count" <= "referral_keys"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"market_symbol" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"favicon_url" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "trade_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"time" integer NOT NULL,
	"unit" "trade_unit" DEFAULT 'Seconds' NOT NULL,
	"payout_percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_settings_time_positive" CHECK ("trade_settings"."time" > 0),
	CONSTRAINT "trade_settings_payout_range" CHECK ("trade_settings"."payout_percent" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"role" "role" DEFAULT 'user' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"freez_amount" bigint DEFAULT 0 NOT NULL,
	"freez_reason" text,
	"reputation_points" integer DEFAULT 0 NOT NULL,
	"last_visit_reward_on" date,
	"has_referral" boolean DEFAULT false NOT NULL,
	"referral_key_id" uuid,
	"account_holder_name" text,
	"bank_account_number" text,
	"bank_name" text,
	"ifsc_code" text,
	"banned_at" timestamp with time zone,
	"ban_reason" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_balance_nonnegative" CHECK ("users"."balance" >= 0),
	CONSTRAINT "users_freez_nonnegative" CHECK ("users"."freez_amount" >= 0),
	CONSTRAINT "users_reputation_range" CHECK ("users"."reputation_points" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_key_id_referral_keys_id_fk" FOREIGN KEY ("referral_key_id") REFERENCES "public"."referral_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "login_history_created_idx" ON "login_history" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_history_user_idx" ON "login_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_keys_code_key" ON "referral_keys" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");