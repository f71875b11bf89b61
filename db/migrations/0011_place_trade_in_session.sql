-- Trade placement that also authenticates (src/trades.ts placeTrade with `session`): the
-- gateway verifies the token's signature, and this statement checks what the token cannot
-- know, in the same round trip as the placement: the user exists, the token's version is the
-- row's (a password change or a logout everywhere ends older tokens), the user is not banned.
-- The checks come first, so a refused session writes nothing and learns nothing of the trade;
-- then place_trade (migration 0005) does the placement, unchanged.
--   SQLSTATE MN003: no such user, or the token version is not the row's (session expired).
--   SQLSTATE MN004: the user is banned.
-- Besides place_trade's outputs, o_other_balance is the user's other account's balance (real
-- for a practice trade and the other way round; null: that account is not open yet), so the
-- answer carries both balances without a query of its own.
CREATE FUNCTION place_trade_in_session(
  p_token_version integer,
  p_user_id uuid,
  p_account money_account,
  p_symbol text,
  p_direction trade_direction,
  p_amount bigint,
  p_setting_id integer,
  p_duration_seconds integer,
  p_payout_percent integer,
  p_entry_price_e8 bigint,
  p_entry_agg_trade_id bigint,
  p_entry_exchange_ts timestamptz,
  p_entry_source text,
  p_entry_second timestamptz,
  p_expires_at timestamptz,
  p_idempotency_key text,
  p_created_at timestamptz,
  p_remarks text,
  OUT o_outcome text,
  OUT o_balance bigint,
  OUT o_other_balance bigint,
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_token_version integer;
  v_banned_at timestamptz;
  v_placed record;
BEGIN
  SELECT u.token_version, u.banned_at INTO v_token_version, v_banned_at
    FROM users u WHERE u.id = p_user_id;
  IF NOT FOUND OR v_token_version IS DISTINCT FROM p_token_version THEN
    RAISE EXCEPTION 'the session of user % has ended', p_user_id USING ERRCODE = 'MN003';
  END IF;
  IF v_banned_at IS NOT NULL THEN
    RAISE EXCEPTION 'user % is banned', p_user_id USING ERRCODE = 'MN004';
  END IF;

  SELECT * INTO v_placed FROM place_trade(
    p_user_id, p_account, p_symbol, p_direction, p_amount, p_setting_id, p_duration_seconds,
    p_payout_percent, p_entry_price_e8, p_entry_agg_trade_id, p_entry_exchange_ts, p_entry_source,
    p_entry_second, p_expires_at, p_idempotency_key, p_created_at, p_remarks);
  o_outcome := v_placed.o_outcome;
  o_balance := v_placed.o_balance;
  o_trade := v_placed.o_trade;

  SELECT a.balance INTO o_other_balance FROM ledger_accounts a
   WHERE a.user_id = p_user_id
     AND a.kind = CASE p_account WHEN 'real' THEN 'user_practice'::ledger_account_kind
                                 ELSE 'user_real'::ledger_account_kind END;
END;
$$;
