-- Coins as the admin manages them: an icon, and the rules the admin screen relies on held by
-- the table itself. The symbol is what trades, the tick archive and the feed know a coin by,
-- so it is upper-case and never changes; there is still no price column (INTEGRITY §1).
ALTER TABLE "coins" ADD COLUMN "icon_url" text;
--> statement-breakpoint
ALTER TABLE "coins" ADD CONSTRAINT "coins_symbol_format" CHECK ("coins"."symbol" ~ '^[A-Z0-9]{2,15}$');
--> statement-breakpoint
ALTER TABLE "coins" ADD CONSTRAINT "coins_market_symbol_format" CHECK ("coins"."market_symbol" ~ '^[A-Z0-9]{5,20}$');
--> statement-breakpoint
CREATE FUNCTION coins_symbol_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.symbol IS DISTINCT FROM OLD.symbol THEN
    RAISE EXCEPTION 'a coin''s symbol cannot change (% to %)', OLD.symbol, NEW.symbol
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coins_symbol_immutable BEFORE UPDATE OF symbol ON coins
  FOR EACH ROW EXECUTE FUNCTION coins_symbol_immutable();
