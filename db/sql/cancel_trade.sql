-- An admin's cancellation of a RUNNING trade, with a reason the user sees: the stake is refunded
-- through the trade's one closing entry (key trade:{id}:close). Waits for the trade's row lock,
-- as settlement does, so a trade ends either cancelled or settled, never both.
-- Refusals (db/src/errors.ts): MN005 no reason, MN008 no such trade, MN009 the trade is not
-- running (DETAIL: its status).
CREATE OR REPLACE FUNCTION cancel_trade(
  p_trade_id uuid,
  p_admin_id uuid,
  p_reason text,
  OUT o_balance bigint,
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_reason text := btrim(coalesce(p_reason, ''));
BEGIN
  IF v_reason = '' THEN
    RAISE EXCEPTION 'a cancellation needs a reason' USING ERRCODE = 'MN005';
  END IF;
  SELECT * INTO o_trade FROM trades t WHERE t.id = p_trade_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no trade %', p_trade_id USING ERRCODE = 'MN008';
  END IF;
  IF o_trade.status <> 'running' THEN
    RAISE EXCEPTION 'trade % is %, not running', p_trade_id, o_trade.status
      USING ERRCODE = 'MN009', DETAIL = o_trade.status::text;
  END IF;
  UPDATE trades t
     SET status = 'cancelled', payout = t.amount, profit = 0, cancel_reason = v_reason,
         cancelled_by = p_admin_id, settled_at = now()
   WHERE t.id = p_trade_id
  RETURNING * INTO o_trade;
  SELECT p.o_balance_after INTO o_balance
    FROM post_entry('trade_refund', o_trade.user_id, o_trade.account, o_trade.amount,
                    CASE o_trade.account WHEN 'real' THEN 'house_real'::ledger_account_kind
                                         ELSE 'house_practice'::ledger_account_kind END,
                    o_trade.id::text, 'Trade cancelled ' || o_trade.symbol || ': stake refunded',
                    'trade:' || o_trade.id::text || ':close', p_admin_id) p;
END;
$$;
