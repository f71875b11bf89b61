CREATE TABLE "market_ticks" (
	"symbol" text NOT NULL,
	"second" timestamp with time zone NOT NULL,
	"price_e8" bigint NOT NULL,
	"agg_trade_id" bigint,
	"exchange_ts" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_ticks_symbol_second_pk" PRIMARY KEY("symbol","second"),
	CONSTRAINT "market_ticks_price_positive" CHECK ("price_e8" > 0)
) PARTITION BY RANGE ("second");
--> statement-breakpoint
CREATE INDEX "market_ticks_symbol_ts_idx" ON "market_ticks" USING btree ("symbol","exchange_ts" DESC NULLS LAST);
--> statement-breakpoint
-- Catches ticks for a day whose partition is missing, so no tick is ever refused.
CREATE TABLE "market_ticks_default" PARTITION OF "market_ticks" DEFAULT;
--> statement-breakpoint
-- Daily partitions (UTC days), created ahead by the maintenance job and here for today.
CREATE FUNCTION ensure_market_tick_partitions(days_ahead integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  FOR i IN 0..days_ahead LOOP
    d := (now() AT TIME ZONE 'UTC')::date + i;
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF market_ticks FOR VALUES FROM (%L) TO (%L)',
      'market_ticks_' || to_char(d, 'YYYYMMDD'),
      (d::timestamp AT TIME ZONE 'UTC'),
      ((d + 1)::timestamp AT TIME ZONE 'UTC')
    );
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Drops whole days older than the retention; returns how many partitions went.
CREATE FUNCTION drop_market_tick_partitions(keep_days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
  cutoff date := (now() AT TIME ZONE 'UTC')::date - keep_days;
BEGIN
  FOR r IN
    SELECT c.relname FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'market_ticks' AND c.relname ~ '^market_ticks_[0-9]{8}$'
  LOOP
    IF to_date(substring(r.relname from 14 for 8), 'YYYYMMDD') < cutoff THEN
      EXECUTE format('DROP TABLE %I', r.relname);
      n := n + 1;
    END IF;
  END LOOP;
  RETURN n;
END;
$$;
--> statement-breakpoint
SELECT ensure_market_tick_partitions(2);
