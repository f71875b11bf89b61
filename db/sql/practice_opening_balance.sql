-- What a practice account opens with, in paise (PRACTICE_OPENING_BALANCE_PAISE in @app/shared;
-- a test holds the two equal).
CREATE OR REPLACE FUNCTION practice_opening_balance() RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 10000000::bigint
$$;
