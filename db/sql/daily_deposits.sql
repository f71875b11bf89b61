-- What a user's top-ups asked for on one Indian day (the day of p_requested_at, from IST
-- midnight) count against their daily deposit limit, paise: the approved ones, and with
-- p_with_pending the pending ones too; p_except (a top-up being approved) left out. Read by
-- check_deposit_allowed under the user's lock, and by the limits screen.
CREATE OR REPLACE FUNCTION daily_deposits(
  p_user_id uuid,
  p_requested_at timestamptz,
  p_with_pending boolean,
  p_except uuid
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_day_start timestamptz := date_trunc('day', p_requested_at AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
  v_used bigint;
BEGIN
  SELECT coalesce(sum(t.amount), 0) INTO v_used FROM topups t
   WHERE t.user_id = p_user_id
     AND t.created_at >= v_day_start AND t.created_at < v_day_start + interval '1 day'
     AND (t.status = 'approved' OR (p_with_pending AND t.status = 'pending'))
     AND t.id IS DISTINCT FROM p_except;
  RETURN v_used;
END;
$$;
