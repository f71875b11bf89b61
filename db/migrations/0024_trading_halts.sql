-- Trading halts a superadmin sets during an incident: no new trade on the whole platform (symbol
-- null) or on one coin while its row stands; running trades still settle. Ending a halt deletes
-- its row (the audit log keeps both actions). The gateways read this table into memory and check
-- it before placement (docs/adr/0019-trading-halt-checked-by-the-gateway.md).
CREATE TABLE "trading_halts" (
	"symbol" text,
	"reason" text NOT NULL,
	"halted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_halts_symbol_key" UNIQUE NULLS NOT DISTINCT("symbol"),
	CONSTRAINT "trading_halts_symbol_format" CHECK ("trading_halts"."symbol" ~ '^[A-Z0-9]{2,15}$'),
	CONSTRAINT "trading_halts_reason_length" CHECK (char_length("trading_halts"."reason") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_halted_by_users_id_fk" FOREIGN KEY ("halted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
