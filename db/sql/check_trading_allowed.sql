-- A user's own limits on a new real-money trade (shared/src/responsible-trading.ts), called by
-- place_trade after it has inserted the trade row and before the stake moves. It locks the
-- user's responsible_trading row until commit (lock_responsible_trading: the risk disclosure,
-- a self-exclusion or cool-off), then sums in a snapshot taken after the lock: a concurrent
-- placement of the same user waits there and then counts this trade, so two placements that
-- only fit the loss limit one at a time cannot both pass.
-- The day's loss is daily_real_loss (its header says what counts), the trade being placed
-- included.
-- Refusals (db/src/errors.ts): those of lock_responsible_trading (MN020 to MN022), MN023 above
-- the daily loss limit (DETAIL: the limit, ':', the day's loss before this trade).
CREATE OR REPLACE FUNCTION check_trading_allowed(
  p_user_id uuid,
  p_amount bigint,
  p_now timestamptz,
  p_disclosure_version integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r responsible_trading := lock_responsible_trading(p_user_id, p_now, p_disclosure_version);
  v_limit bigint := CASE WHEN r.daily_loss_limit_pending_from <= p_now THEN r.pending_daily_loss_limit
                         ELSE r.daily_loss_limit END;
  v_loss bigint;
BEGIN
  IF v_limit IS NULL THEN
    RETURN;
  END IF;
  -- A statement after the lock: its snapshot holds every placement committed before it.
  v_loss := daily_real_loss(p_user_id, p_now);
  IF v_loss > v_limit THEN
    RAISE EXCEPTION 'the loss of the day would be % paise, above the daily loss limit of % paise', v_loss, v_limit
      USING ERRCODE = 'MN023', DETAIL = v_limit::text || ':' || greatest(v_loss - p_amount, 0)::text;
  END IF;
END;
$$;
