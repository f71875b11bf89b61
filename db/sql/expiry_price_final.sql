-- Whether the price at an expiry is final: the expiry has passed and either a later tick of the
-- symbol is archived (the archive keeps the last tick of every second, so the tick at or before
-- expiry can no longer change) or the staleness bound has passed too (no later tick will settle
-- it any differently: the trade is voided if nothing fresh was recorded).
CREATE OR REPLACE FUNCTION expiry_price_final(
  p_symbol text,
  p_expires_at timestamptz,
  p_stale_after_ms integer,
  p_now timestamptz
) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_now >= p_expires_at
     AND (p_now >= p_expires_at + p_stale_after_ms * interval '1 millisecond'
          OR EXISTS (
            SELECT 1 FROM market_ticks m
             WHERE m.symbol = p_symbol
               AND m.exchange_ts > p_expires_at
               -- exchange_ts > expiry implies second >= expiry's second: prunes older partitions.
               AND m.second >= date_trunc('second', p_expires_at)))
$$;
