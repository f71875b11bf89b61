-- Trade placement: the session's checks, the trade row and its stake, in one statement.
-- The gateway verifies the token's signature; this checks what the token cannot know: the user
-- exists, the token's version is the row's (a password change or a logout everywhere ends older
-- tokens), the user is not banned. Then the row: with an idempotency key already used it finds
-- the earlier trade and answers it (o_outcome 'replayed', nothing written) if it is the same
-- request, so a retry gets its trade back even once its price is old. A new trade's price must
-- qualify (not simulated for real money, not older than p_max_tick_age_ms); then the stake is
-- posted (post_entry, which opens the user's accounts on their first movement).
-- o_balance: the traded account's balance after the stake (replayed: now); o_other_balance: the
-- other account's (null: not open yet, the caller shows its opening balance).
-- A new real-money trade also meets the admin's risk limits (risk_limits, null: no limit): its
-- stake at most the maximum per trade, and the user's running real stake on the coin, this trade
-- included, at most the maximum per coin. That sum is taken after post_entry's update of the
-- account row, whose lock holds until commit: a concurrent placement of the same user waits on
-- it and then counts this trade, so placements that together exceed the limit cannot all pass.
-- A new real-money trade also meets the user's own limits first (check_trading_allowed: the
-- risk disclosure of p_disclosure_version accepted, no self-exclusion or cool-off running, the
-- daily loss limit), under the lock of their responsible_trading row.
-- A replay is answered whatever the limits are now; practice trades are outside them.
-- Refusals roll the statement back (db/src/errors.ts): MN001 insufficient funds, MN002
-- idempotency key reused for another request, MN003 session ended, MN004 banned, MN005 invalid
-- input, MN006 stale price (DETAIL: its age in ms), MN007 simulated price for real money,
-- MN010 stake above the maximum per trade (DETAIL: the maximum), MN011 open stake on the coin
-- above the maximum per coin (DETAIL: the maximum, ':', the open stake before this trade), and
-- those of check_trading_allowed (MN020 to MN023).
CREATE OR REPLACE FUNCTION place_trade(
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
  p_expires_at timestamptz,
  p_idempotency_key text,
  p_created_at timestamptz,
  p_max_tick_age_ms integer,
  p_remarks text,
  p_disclosure_version integer,
  OUT o_outcome text,
  OUT o_balance bigint,
  OUT o_other_balance bigint,
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_token_version integer;
  v_banned_at timestamptz;
  v_age_ms bigint;
  v_max_stake bigint;
  v_max_open bigint;
  v_open bigint;
BEGIN
  SELECT u.token_version, u.banned_at INTO v_token_version, v_banned_at
    FROM users u WHERE u.id = p_user_id;
  IF NOT FOUND OR v_token_version IS DISTINCT FROM p_token_version THEN
    RAISE EXCEPTION 'the session of user % has ended', p_user_id USING ERRCODE = 'MN003';
  END IF;
  IF v_banned_at IS NOT NULL THEN
    RAISE EXCEPTION 'user % is banned', p_user_id USING ERRCODE = 'MN004';
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'the stake must be above 0' USING ERRCODE = 'MN005';
  END IF;
  IF p_duration_seconds IS NULL OR p_duration_seconds <= 0 THEN
    RAISE EXCEPTION 'the trade duration must be a positive whole number of seconds' USING ERRCODE = 'MN005';
  END IF;
  IF p_entry_price_e8 IS NULL OR p_entry_price_e8 <= 0 THEN
    RAISE EXCEPTION 'the entry price must be above 0' USING ERRCODE = 'MN005';
  END IF;
  IF p_payout_percent IS NULL OR p_payout_percent NOT BETWEEN 1 AND 1000 THEN
    RAISE EXCEPTION 'the payout must be a whole percentage from 1 to 1000' USING ERRCODE = 'MN005';
  END IF;

  -- The row first: a concurrent first placement with the same key makes this wait for its
  -- commit, and the next statement sees it.
  INSERT INTO trades (user_id, account, symbol, direction, amount, setting_id, duration_seconds,
                      payout_percent, entry_price_e8, entry_agg_trade_id, entry_exchange_ts,
                      entry_source, entry_second, expires_at, idempotency_key, created_at)
  VALUES (p_user_id, p_account, p_symbol, p_direction, p_amount, p_setting_id, p_duration_seconds,
          p_payout_percent, p_entry_price_e8, p_entry_agg_trade_id, p_entry_exchange_ts,
          p_entry_source, date_trunc('second', p_entry_exchange_ts), p_expires_at, p_idempotency_key,
          p_created_at)
  ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING * INTO o_trade;

  IF NOT FOUND THEN
    SELECT * INTO o_trade FROM trades t
     WHERE t.user_id = p_user_id AND t.idempotency_key = p_idempotency_key;
    IF NOT FOUND OR o_trade.account <> p_account OR o_trade.symbol <> p_symbol
       OR o_trade.direction <> p_direction OR o_trade.amount <> p_amount
       OR (o_trade.setting_id IS NOT NULL AND o_trade.setting_id IS DISTINCT FROM p_setting_id) THEN
      RAISE EXCEPTION 'idempotency key % was already used for a different request', p_idempotency_key
        USING ERRCODE = 'MN002';
    END IF;
    o_outcome := 'replayed';
    SELECT a.balance INTO o_balance FROM ledger_accounts a
     WHERE a.user_id = p_user_id
       AND a.kind = CASE p_account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                   ELSE 'user_practice'::ledger_account_kind END;
  ELSE
    IF p_account = 'real' THEN
      PERFORM check_trading_allowed(p_user_id, p_amount, p_created_at, p_disclosure_version);
    END IF;
    IF p_account = 'real' AND p_entry_source = 'simulated' THEN
      RAISE EXCEPTION 'a simulated price cannot open a real-money trade' USING ERRCODE = 'MN007';
    END IF;
    v_age_ms := (extract(epoch FROM (p_created_at - p_entry_exchange_ts)) * 1000)::bigint;
    IF v_age_ms > p_max_tick_age_ms THEN
      RAISE EXCEPTION 'the price is % ms old; at most % ms is allowed', v_age_ms, p_max_tick_age_ms
        USING ERRCODE = 'MN006', DETAIL = v_age_ms::text;
    END IF;
    IF p_account = 'real' THEN
      SELECT r.max_stake_per_trade, r.max_open_stake_per_coin INTO v_max_stake, v_max_open
        FROM risk_limits r WHERE r.id = 1;
      IF p_amount > v_max_stake THEN
        RAISE EXCEPTION 'a stake of % paise is above the maximum of % paise per trade', p_amount, v_max_stake
          USING ERRCODE = 'MN010', DETAIL = v_max_stake::text;
      END IF;
    END IF;
    o_outcome := 'created';
    SELECT p.o_balance_after INTO o_balance
      FROM post_entry('trade_stake', p_user_id, p_account, -p_amount,
                      CASE p_account WHEN 'real' THEN 'house_real'::ledger_account_kind
                                     ELSE 'house_practice'::ledger_account_kind END,
                      o_trade.id::text, p_remarks, 'trade:' || o_trade.id::text || ':stake', NULL) p;
    IF v_max_open IS NOT NULL THEN
      -- Under the account lock, in a snapshot taken after it (see above).
      SELECT coalesce(sum(t.amount), 0) INTO v_open FROM trades t
       WHERE t.user_id = p_user_id AND t.symbol = p_symbol AND t.status = 'running' AND t.account = 'real';
      IF v_open > v_max_open THEN
        RAISE EXCEPTION 'the open stake on % would be % paise, above the maximum of % paise per coin',
          p_symbol, v_open, v_max_open
          USING ERRCODE = 'MN011', DETAIL = v_max_open::text || ':' || (v_open - p_amount)::text;
      END IF;
    END IF;
  END IF;

  SELECT a.balance INTO o_other_balance FROM ledger_accounts a
   WHERE a.user_id = p_user_id
     AND a.kind = CASE p_account WHEN 'real' THEN 'user_practice'::ledger_account_kind
                                 ELSE 'user_real'::ledger_account_kind END;
END;
$$;
