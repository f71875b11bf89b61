-- What a user's real-money trades of one Indian day (the day of p_now, from IST midnight) count
-- against their daily loss limit, paise: the net result of the real trades placed that day,
-- a running trade counted as lost (stake - payout, payout 0 while running). A trade counts on
-- the day it was placed, whenever it settles; a win of the day makes room again. Read by
-- check_trading_allowed under the user's lock, and by the limits screen.
CREATE OR REPLACE FUNCTION daily_real_loss(p_user_id uuid, p_now timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_day_start timestamptz := date_trunc('day', p_now AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
  v_loss bigint;
BEGIN
  SELECT coalesce(sum(t.amount - coalesce(t.payout, 0)), 0) INTO v_loss FROM trades t
   WHERE t.user_id = p_user_id AND t.account = 'real'
     AND t.created_at >= v_day_start AND t.created_at < v_day_start + interval '1 day';
  RETURN v_loss;
END;
$$;
