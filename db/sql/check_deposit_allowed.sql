-- A user's own limits on a top-up (shared/src/responsible-trading.ts), checked when the user
-- asks (p_topup_id null) and again when an admin approves (p_topup_id: the top-up), since the
-- money moves at approval. It locks the user's responsible_trading row until commit
-- (lock_responsible_trading), so a user's concurrent requests are counted one after the other.
-- A cool-off or self-exclusion running now refuses both: an admin then rejects the top-up and
-- the payment goes back the way it came.
-- Deposits count on the Indian day (from IST midnight) the top-up was asked for
-- (p_requested_at, null: now; daily_deposits). At a request: that day's approved and pending
-- top-ups plus this one; at an approval: that day's approved top-ups plus this one, against the
-- limit in force now.
-- p_disclosure_version: the risk disclosure a request needs; null at an approval (the request
-- needed it).
-- Refusals (db/src/errors.ts): those of lock_responsible_trading (MN020 to MN022), MN024 above
-- the daily deposit limit (DETAIL: the limit, ':', what the day already counts).
CREATE OR REPLACE FUNCTION check_deposit_allowed(
  p_user_id uuid,
  p_amount bigint,
  p_requested_at timestamptz,
  p_disclosure_version integer,
  p_topup_id uuid
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := now();
  r responsible_trading := lock_responsible_trading(p_user_id, v_now, p_disclosure_version);
  v_limit bigint := CASE WHEN r.daily_deposit_limit_pending_from <= v_now THEN r.pending_daily_deposit_limit
                         ELSE r.daily_deposit_limit END;
  v_used bigint;
BEGIN
  IF v_limit IS NULL THEN
    RETURN;
  END IF;
  v_used := daily_deposits(p_user_id, coalesce(p_requested_at, v_now), p_topup_id IS NULL, p_topup_id);
  IF v_used + p_amount > v_limit THEN
    RAISE EXCEPTION 'the deposits of the day would be % paise, above the daily deposit limit of % paise',
      v_used + p_amount, v_limit
      USING ERRCODE = 'MN024', DETAIL = v_limit::text || ':' || v_used::text;
  END IF;
END;
$$;
