-- Trade placement in one statement (src/trades.ts placeTrade, its common path): the same
-- writes as the TypeScript transaction, in the same order and under the same locks, so a
-- placement is one round trip. Called as a single statement (its own transaction, or inside
-- a savepoint of the caller's); the deferred double-entry triggers run at that commit.
--   o_outcome 'created':  the trade, its stake entry and both postings are written;
--                         o_balance is the account's balance after the stake.
--   o_outcome 'replayed': the idempotency key found an earlier trade (o_trade); nothing is
--                         written; o_balance is the account's balance now (null: no account).
--                         The caller checks the request is the same one.
--   o_outcome 'missing':  the insert conflicted but no trade with the key was found.
-- Refusals roll the whole statement back: SQLSTATE MN001 insufficient funds (DETAIL: the
-- balance in paise), MN002 the user's accounts are not open yet (the caller opens them
-- through the TypeScript path, which also posts the practice opening balance).
CREATE FUNCTION place_trade(
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
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_kind ledger_account_kind := CASE p_account WHEN 'real' THEN 'user_real' ELSE 'user_practice' END;
  v_house ledger_account_kind := CASE p_account WHEN 'real' THEN 'house_real' ELSE 'house_practice' END;
  v_entry_id bigint;
  v_account_id bigint;
  v_balance bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'the stake must be above 0' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- The row first: with a key already used it finds the earlier trade (a concurrent first
  -- placement makes this wait for its commit; the next statement sees it).
  INSERT INTO trades (user_id, account, symbol, direction, amount, setting_id, duration_seconds,
                      payout_percent, entry_price_e8, entry_agg_trade_id, entry_exchange_ts,
                      entry_source, entry_second, expires_at, idempotency_key, created_at)
  VALUES (p_user_id, p_account, p_symbol, p_direction, p_amount, p_setting_id, p_duration_seconds,
          p_payout_percent, p_entry_price_e8, p_entry_agg_trade_id, p_entry_exchange_ts,
          p_entry_source, p_entry_second, p_expires_at, p_idempotency_key, p_created_at)
  ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING * INTO o_trade;
  IF NOT FOUND THEN
    SELECT * INTO o_trade FROM trades t
     WHERE t.user_id = p_user_id AND t.idempotency_key = p_idempotency_key;
    IF NOT FOUND THEN
      o_outcome := 'missing';
      RETURN;
    END IF;
    SELECT a.balance INTO o_balance FROM ledger_accounts a
     WHERE a.user_id = p_user_id AND a.kind = v_kind;
    o_outcome := 'replayed';
    RETURN;
  END IF;

  -- The stake entry (its key is new: the trade id is), then the user's account, then postings.
  INSERT INTO journal_entries (type, user_id, account, reference, remarks, idempotency_key, created_by)
  VALUES ('trade_stake', p_user_id, p_account, o_trade.id::text, p_remarks,
          'trade:' || o_trade.id::text || ':stake', NULL)
  RETURNING id INTO v_entry_id;

  FOR attempt IN 1..3 LOOP
    -- Waits for a concurrent movement of the same account, then re-checks the condition
    -- against the balance that movement left.
    UPDATE ledger_accounts a SET balance = a.balance - p_amount
     WHERE a.user_id = p_user_id AND a.kind = v_kind AND a.balance - p_amount >= 0
    RETURNING a.id, a.balance INTO v_account_id, v_balance;
    EXIT WHEN FOUND;
    SELECT a.balance INTO v_balance FROM ledger_accounts a
     WHERE a.user_id = p_user_id AND a.kind = v_kind
       FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the % ledger account of user % is not open', p_account, p_user_id
        USING ERRCODE = 'MN002';
    END IF;
    IF coalesce(v_balance, 0) - p_amount < 0 THEN
      RAISE EXCEPTION 'insufficient % balance: % paise, debit of %', p_account, coalesce(v_balance, 0), p_amount
        USING ERRCODE = 'MN001', DETAIL = coalesce(v_balance, 0)::text;
    END IF;
    v_account_id := NULL;
  END LOOP;
  IF v_account_id IS NULL THEN
    RAISE EXCEPTION 'ledger account % of user % could not be updated', p_account, p_user_id;
  END IF;

  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  VALUES (v_entry_id, v_account_id, -p_amount, v_balance),
         (v_entry_id,
          (SELECT h.id FROM ledger_accounts h WHERE h.user_id IS NULL AND h.kind = v_house),
          p_amount, NULL);

  o_outcome := 'created';
  o_balance := v_balance;
END;
$$;
