-- Settle the running trades of one symbol that expire at one instant, up to p_limit of them
-- (the lowest ids), in one statement: settle_trades's rules and writes for the whole batch.
-- Safe to call again and concurrently: a trade another transaction holds is skipped (SKIP
-- LOCKED) and listed, a settled one is no longer running.
--   'settled'  one row per trade settled (settle_trades's rows);
--   'awaiting' one row when the price at expiry is not final yet (expiry_price_final): nothing
--              was written; call again shortly;
--   'locked'   only when fewer than p_limit trades were free: the instant's running trades
--              another transaction held. Call again shortly, or settle each with settle_trade,
--              which waits for the lock.
CREATE OR REPLACE FUNCTION settle_expiry(
  p_symbol text,
  p_expires_at timestamptz,
  p_stale_after_ms integer,
  p_now timestamptz,
  p_limit integer
) RETURNS TABLE (
  o_outcome text,
  o_balance bigint,
  o_real_balance bigint,
  o_practice_balance bigint,
  o_trade trades
)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
BEGIN
  IF p_symbol IS NULL OR p_expires_at IS NULL OR p_stale_after_ms IS NULL OR p_now IS NULL
     OR p_limit IS NULL OR p_limit < 1 THEN
    RAISE EXCEPTION 'settle_expiry needs a symbol, an expiry, a staleness bound, a clock and a positive limit'
      USING ERRCODE = 'MN005';
  END IF;

  SELECT coalesce(array_agg(b.id ORDER BY b.id), '{}')
    INTO v_ids
    FROM (SELECT t.id FROM trades t
           WHERE t.symbol = p_symbol AND t.expires_at = p_expires_at AND t.status = 'running'
           ORDER BY t.id
           LIMIT p_limit
             FOR UPDATE SKIP LOCKED) b;

  IF cardinality(v_ids) > 0 THEN
    IF NOT expiry_price_final(p_symbol, p_expires_at, p_stale_after_ms, p_now) THEN
      RETURN QUERY SELECT 'awaiting'::text, NULL::bigint, NULL::bigint, NULL::bigint, t
                     FROM trades t WHERE t.id = v_ids[1];
      RETURN;
    END IF;
    RETURN QUERY
      SELECT 'settled'::text, s.o_balance, s.o_real_balance, s.o_practice_balance, s.o_trade
        FROM settle_trades(v_ids, p_symbol, p_expires_at, p_stale_after_ms) s;
  END IF;

  IF cardinality(v_ids) < p_limit THEN
    RETURN QUERY
      SELECT 'locked'::text, NULL::bigint, NULL::bigint, NULL::bigint, t
        FROM trades t
       WHERE t.symbol = p_symbol AND t.expires_at = p_expires_at AND t.status = 'running'
         AND t.id <> ALL (v_ids)
       ORDER BY t.id
       LIMIT p_limit;
  END IF;
END;
$$;
