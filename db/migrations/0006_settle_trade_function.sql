-- Trade settlement in one statement (src/trades.ts settleTrade, its common path): the same
-- reads, rules and writes as the TypeScript transaction, in the same order and under the same
-- locks, so a settlement is one round trip. Called as a single statement (its own
-- transaction, or inside a savepoint of the caller's); the deferred double-entry triggers run
-- at that commit.
--   o_outcome 'missing':   no trade has this id; nothing is written.
--   o_outcome 'unchanged': the trade is no longer running (o_trade); nothing is written.
--   o_outcome 'awaiting':  the price at expiry is not final yet (before expiry, or no later
--                          tick archived while the staleness bound has not passed); nothing
--                          is written.
--   o_outcome 'settled':   the trade's result, its closing entry (none for a loss) and both
--                          postings are written; o_balance is the account's balance after the
--                          credit (for a loss: its balance now, null when it has no account).
-- The exit tick is the last archived tick at or before expiry (real trades skip simulated
-- ticks); void / draw / won / lost and the payout (stake + stake x payout% rounded half away
-- from zero to whole paise) as decideOutcome and winProfit in src/trades.ts.
-- Anything unusual rolls the whole statement back and is left to the TypeScript path:
-- SQLSTATE MN002 the user's account is not open, MN003 the closing entry's idempotency key
-- is already used (the TypeScript path checks it is the same movement and replays it).
CREATE FUNCTION settle_trade(
  p_trade_id uuid,
  p_stale_after_ms integer,
  p_now timestamptz,
  OUT o_outcome text,
  OUT o_balance bigint,
  OUT o_trade trades
) LANGUAGE plpgsql AS $$
DECLARE
  v_kind ledger_account_kind;
  v_house ledger_account_kind;
  v_exit market_ticks;
  v_status trade_status;
  v_payout bigint;
  v_void_reason text;
  v_lag_ms bigint;
  v_entry_id bigint;
  v_account_id bigint;
  v_remarks text;
BEGIN
  IF p_stale_after_ms IS NULL OR p_now IS NULL THEN
    RAISE EXCEPTION 'settle_trade needs a staleness bound and a clock' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- The trade row first: concurrent settlements queue here; exactly one finds it running.
  SELECT * INTO o_trade FROM trades t WHERE t.id = p_trade_id FOR UPDATE;
  IF NOT FOUND THEN
    o_outcome := 'missing';
    RETURN;
  END IF;
  IF o_trade.status <> 'running' THEN
    o_outcome := 'unchanged';
    RETURN;
  END IF;

  -- Not final yet: before expiry, or no tick after expiry archived within the staleness bound.
  IF p_now < o_trade.expires_at
     OR (p_now < o_trade.expires_at + p_stale_after_ms * interval '1 millisecond'
         AND NOT EXISTS (
           SELECT 1 FROM market_ticks m
            WHERE m.symbol = o_trade.symbol
              AND m.exchange_ts > o_trade.expires_at
              -- exchange_ts > expiry implies second >= expiry's second: prunes older partitions.
              AND m.second >= date_trunc('second', o_trade.expires_at)
         )) THEN
    o_outcome := 'awaiting';
    RETURN;
  END IF;

  -- The exit tick: the last archived tick at or before expiry; real money skips simulated ones.
  SELECT * INTO v_exit FROM market_ticks m
   WHERE m.symbol = o_trade.symbol
     AND m.exchange_ts <= o_trade.expires_at
     AND (o_trade.account <> 'real' OR m.source <> 'simulated')
   ORDER BY m.exchange_ts DESC
   LIMIT 1;

  IF v_exit.symbol IS NULL THEN
    v_exit := NULL;
    v_status := 'void';
    v_void_reason := 'No market price was recorded before expiry; the stake is refunded.';
  ELSIF o_trade.account = 'real' AND v_exit.source = 'simulated' THEN
    v_status := 'void';
    v_void_reason := 'Only a simulated price exists at expiry; the stake is refunded.';
  ELSE
    -- Both are timestamp(3): a whole number of milliseconds.
    v_lag_ms := (extract(epoch FROM (o_trade.expires_at - v_exit.exchange_ts)) * 1000)::bigint;
    IF v_lag_ms > p_stale_after_ms THEN
      v_status := 'void';
      v_void_reason := 'No fresh market price at expiry: the last one is ' || v_lag_ms::text
        || ' ms older than expiry (limit ' || p_stale_after_ms::text || ' ms); the stake is refunded.';
    ELSIF v_exit.price_e8 = o_trade.entry_price_e8 THEN
      v_status := 'draw';
    ELSIF (o_trade.direction = 'up') = (v_exit.price_e8 > o_trade.entry_price_e8) THEN
      v_status := 'won';
    ELSE
      v_status := 'lost';
    END IF;
  END IF;

  v_payout := CASE v_status
    WHEN 'lost' THEN 0
    -- round(numeric) rounds half away from zero; exact, never a float.
    WHEN 'won' THEN o_trade.amount + round(o_trade.amount::numeric * o_trade.payout_percent / 100)::bigint
    ELSE o_trade.amount
  END;

  UPDATE trades t
     SET status = v_status,
         exit_price_e8 = v_exit.price_e8,
         exit_agg_trade_id = v_exit.agg_trade_id,
         exit_exchange_ts = v_exit.exchange_ts,
         exit_source = v_exit.source,
         exit_second = v_exit.second,
         stale_after_ms = p_stale_after_ms,
         payout = v_payout,
         profit = v_payout - o_trade.amount,
         void_reason = v_void_reason,
         settled_at = now()
   WHERE t.id = o_trade.id AND t.status = 'running'
  RETURNING * INTO o_trade;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'trade % changed under its row lock', p_trade_id;
  END IF;

  v_kind := CASE o_trade.account WHEN 'real' THEN 'user_real' ELSE 'user_practice' END;
  v_house := CASE o_trade.account WHEN 'real' THEN 'house_real' ELSE 'house_practice' END;
  o_outcome := 'settled';

  IF v_payout = 0 THEN
    SELECT a.balance INTO o_balance FROM ledger_accounts a
     WHERE a.user_id = o_trade.user_id AND a.kind = v_kind;
    RETURN;
  END IF;

  -- The closing entry (its key claims the trade's one closing credit), the account, postings.
  v_remarks := CASE v_status
    WHEN 'won' THEN 'Trade win ' || o_trade.symbol
    WHEN 'draw' THEN 'Trade draw ' || o_trade.symbol || ': stake returned'
    ELSE 'Trade void ' || o_trade.symbol || ': stake refunded'
  END;
  INSERT INTO journal_entries (type, user_id, account, reference, remarks, idempotency_key, created_by)
  VALUES (CASE v_status WHEN 'won' THEN 'trade_payout'::bill_type ELSE 'trade_refund'::bill_type END,
          o_trade.user_id, o_trade.account, o_trade.id::text, v_remarks,
          'trade:' || o_trade.id::text || ':close', NULL)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO v_entry_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the closing entry of trade % already exists', o_trade.id USING ERRCODE = 'MN003';
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + v_payout
   WHERE a.user_id = o_trade.user_id AND a.kind = v_kind AND a.balance + v_payout >= 0
  RETURNING a.id, a.balance INTO v_account_id, o_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the % ledger account of user % is not open', o_trade.account, o_trade.user_id
      USING ERRCODE = 'MN002';
  END IF;

  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  VALUES (v_entry_id, v_account_id, v_payout, o_balance),
         (v_entry_id,
          (SELECT h.id FROM ledger_accounts h WHERE h.user_id IS NULL AND h.kind = v_house),
          -v_payout, NULL);
END;
$$;
