CREATE TYPE "public"."notification_type" AS ENUM('system', 'withdrawal', 'credit', 'ticket_reply');--> statement-breakpoint
CREATE TYPE "public"."voucher_type" AS ENUM('image/jpeg', 'image/png', 'image/webp');--> statement-breakpoint
CREATE TYPE "public"."wallet_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" DEFAULT 'system' NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"voucher_key" text NOT NULL,
	"voucher_type" "voucher_type" NOT NULL,
	"voucher_size" integer NOT NULL,
	"status" "wallet_request_status" DEFAULT 'pending' NOT NULL,
	"remarks" text,
	"idempotency_key" text,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"journal_entry_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topups_amount_positive" CHECK ("topups"."amount" > 0),
	CONSTRAINT "topups_currency_inr" CHECK ("topups"."currency" = 'INR'),
	CONSTRAINT "topups_decided" CHECK (("topups"."status" = 'pending') = ("topups"."decided_at" is null) and ("topups"."status" = 'approved') = ("topups"."journal_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trx_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"charge" bigint DEFAULT 0 NOT NULL,
	"method" text DEFAULT 'bank' NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"bank_name" text NOT NULL,
	"ifsc_code" text NOT NULL,
	"status" "wallet_request_status" DEFAULT 'pending' NOT NULL,
	"remarks" text,
	"idempotency_key" text,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"debit_entry_id" bigint NOT NULL,
	"return_entry_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_method_bank" CHECK ("withdrawals"."method" = 'bank'),
	CONSTRAINT "withdrawals_decided" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."decided_at" is null) and ("withdrawals"."status" = 'rejected') = ("withdrawals"."return_entry_id" is not null)),
	CONSTRAINT "withdrawals_decision_remarks" CHECK ("withdrawals"."status" = 'pending' or "withdrawals"."remarks" is not null)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_debit_entry_id_journal_entries_id_fk" FOREIGN KEY ("debit_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_return_entry_id_journal_entries_id_fk" FOREIGN KEY ("return_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "topups_status_created_idx" ON "topups" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "topups_user_created_idx" ON "topups" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "topups_user_idempotency_key" ON "topups" USING btree ("user_id","idempotency_key") WHERE "topups"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_trx_number_key" ON "withdrawals" USING btree ("trx_number");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key") WHERE "withdrawals"."idempotency_key" is not null;--> statement-breakpoint
-- A decided top-up or withdrawal is final, and no request changes its owner or amount.
CREATE FUNCTION wallet_request_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION '% % was already decided (%): it cannot change', TG_TABLE_NAME, OLD.id, OLD.status
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.amount <> OLD.amount THEN
    RAISE EXCEPTION '% %: the owner and amount of a request cannot change', TG_TABLE_NAME, OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER topups_final BEFORE UPDATE ON topups FOR EACH ROW EXECUTE FUNCTION wallet_request_final();--> statement-breakpoint
CREATE TRIGGER withdrawals_final BEFORE UPDATE ON withdrawals FOR EACH ROW EXECUTE FUNCTION wallet_request_final();
