-- The user's responsible_trading row, locked until commit, for a real-money placement
-- (check_trading_allowed) or a top-up (check_deposit_allowed), which count the day's figures
-- only after this lock. It refuses when a gated action is not allowed at p_now at all.
-- p_disclosure_version: the risk disclosure the action needs; null: none (an admin's approval),
-- and then a user without a row gets an empty row (nothing set, nothing to check).
-- Refusals (db/src/errors.ts): MN020 risk disclosure not accepted (no row, or an older
-- version), MN022 self-excluded and MN021 cool-off (DETAIL: its end, epoch ms).
CREATE OR REPLACE FUNCTION lock_responsible_trading(
  p_user_id uuid,
  p_now timestamptz,
  p_disclosure_version integer
) RETURNS responsible_trading LANGUAGE plpgsql AS $$
DECLARE
  r responsible_trading;
BEGIN
  SELECT * INTO r FROM responsible_trading rt WHERE rt.user_id = p_user_id FOR UPDATE;
  IF p_disclosure_version IS NOT NULL
     AND (NOT FOUND OR r.disclosure_version IS NULL OR r.disclosure_version < p_disclosure_version) THEN
    RAISE EXCEPTION 'user % has not accepted risk disclosure version %', p_user_id, p_disclosure_version
      USING ERRCODE = 'MN020';
  END IF;
  IF r.self_excluded_until > p_now THEN
    RAISE EXCEPTION 'user % is self-excluded until %', p_user_id, r.self_excluded_until
      USING ERRCODE = 'MN022', DETAIL = (extract(epoch FROM r.self_excluded_until) * 1000)::bigint::text;
  END IF;
  IF r.cool_off_until > p_now THEN
    RAISE EXCEPTION 'user % is cooling off until %', p_user_id, r.cool_off_until
      USING ERRCODE = 'MN021', DETAIL = (extract(epoch FROM r.cool_off_until) * 1000)::bigint::text;
  END IF;
  RETURN r;
END;
$$;
