-- Settle one trade (the reconciler's overdue trades, and trades a batch found locked): waits
-- for the trade's row lock, then settle_trades's rules and writes for it alone.
--   o_outcome 'missing':   no trade has this id; nothing is written.
--   o_outcome 'unchanged': the trade is no longer running (o_trade); nothing is written.
--   o_outcome 'awaiting':  the price at expiry is not final yet (expiry_price_final); nothing
--                          is written.
--   o_outcome 'settled':   written; o_balance is the account's balance after the credit (for
--                          a loss: its balance now), o_real_balance and o_practice_balance both
--                          of the owner's balances.
CREATE OR REPLACE FUNCTION settle_trade(
  p_trade_id uuid,
  p_stale_after_ms integer,
  p_now timestamptz,
  OUT o_outcome text,
  OUT o_balance bigint,
  OUT o_real_balance bigint,
  OUT o_practice_balance bigint,
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_settled record;
BEGIN
  IF p_stale_after_ms IS NULL OR p_now IS NULL THEN
    RAISE EXCEPTION 'settle_trade needs a staleness bound and a clock' USING ERRCODE = 'MN005';
  END IF;
  -- Concurrent settlements and cancellations queue here; exactly one finds it running.
  SELECT * INTO o_trade FROM trades t WHERE t.id = p_trade_id FOR UPDATE;
  IF NOT FOUND THEN
    o_outcome := 'missing';
    RETURN;
  END IF;
  IF o_trade.status <> 'running' THEN
    o_outcome := 'unchanged';
    RETURN;
  END IF;
  IF NOT expiry_price_final(o_trade.symbol, o_trade.expires_at, p_stale_after_ms, p_now) THEN
    o_outcome := 'awaiting';
    RETURN;
  END IF;
  SELECT * INTO STRICT v_settled
    FROM settle_trades(ARRAY[p_trade_id], o_trade.symbol, o_trade.expires_at, p_stale_after_ms);
  o_outcome := 'settled';
  o_balance := v_settled.o_balance;
  o_real_balance := v_settled.o_real_balance;
  o_practice_balance := v_settled.o_practice_balance;
  o_trade := v_settled.o_trade;
END;
$$;
