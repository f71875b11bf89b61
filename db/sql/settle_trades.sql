-- Settlement's writes, for a set of running trades of one symbol and expiry that the caller has
-- locked and whose price at expiry is final (settle_expiry for a whole expiry second,
-- settle_trade for one trade). Each trade's result comes from the recorded prices only
-- (decideOutcome in shared/src/trade-rules.ts is the same rule, the tests' oracle):
--   exit tick: the last archived tick at or before expiry; real money skips simulated ones;
--   void (stake back): no exit tick, only a simulated one for real money, or one older than
--     p_stale_after_ms before expiry;
--   draw (stake back): exit = entry; won: Up and exit > entry, or Down and exit < entry, paying
--     stake + stake x payout% rounded half away from zero to whole paise; lost: nothing.
-- Then one closing entry per credit (key trade:{id}:close), the accounts, the postings. A
-- closing entry already there (an earlier settlement's credit) is kept if it is the same
-- movement and moves nothing again; otherwise the batch is refused (MN002). An owner without
-- ledger accounts gets them opened first.
-- Rows: every trade settled, in account order (user, account, trade id), with the account's
-- balance after its credit and both of the owner's balances once the batch has written, read in
-- a statement of its own so the events need no query after the commit.
CREATE OR REPLACE FUNCTION settle_trades(
  p_ids uuid[],
  p_symbol text,
  p_expires_at timestamptz,
  p_stale_after_ms integer
) RETURNS TABLE (
  o_balance bigint,
  o_real_balance bigint,
  o_practice_balance bigint,
  o_trade trades
)
LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid;
  v_last market_ticks;
  v_live market_ticks;
  v_house_real bigint;
  v_house_practice bigint;
  v_settled settled_trade[];
  v_closed_before uuid[];
BEGIN
  IF cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;

  -- Owners whose accounts were never opened (their stake would have opened them: defensive).
  FOR v_user IN
    SELECT DISTINCT t.user_id FROM trades t
     WHERE t.id = ANY (p_ids)
       AND NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.user_id = t.user_id
                          AND a.kind = CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                                      ELSE 'user_practice'::ledger_account_kind END)
  LOOP
    PERFORM open_user_accounts(v_user);
  END LOOP;

  -- The owners' accounts, in a stable order.
  PERFORM 1
     FROM ledger_accounts a
    WHERE (a.user_id, a.kind) IN (
            SELECT t.user_id,
                   CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                  ELSE 'user_practice'::ledger_account_kind END
              FROM trades t WHERE t.id = ANY (p_ids))
    ORDER BY a.user_id, a.kind
      FOR UPDATE;

  SELECT * INTO v_last FROM market_ticks m
   WHERE m.symbol = p_symbol AND m.exchange_ts <= p_expires_at
   ORDER BY m.exchange_ts DESC
   LIMIT 1;
  SELECT * INTO v_live FROM market_ticks m
   WHERE m.symbol = p_symbol AND m.exchange_ts <= p_expires_at AND m.source <> 'simulated'
   ORDER BY m.exchange_ts DESC
   LIMIT 1;

  SELECT a.id INTO STRICT v_house_real FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = 'house_real';
  SELECT a.id INTO STRICT v_house_practice FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = 'house_practice';

  -- Every CTE below is read by scans, never joined to another CTE: a CTE has no statistics or
  -- index, and a join of two (planned for a row or two) runs as a nested loop, quadratic in the
  -- batch. Each trade's account, balance, entry id and balance_after are worked out once in
  -- `chained`, and every write reads from it.
  WITH decided AS (
    SELECT t.id, t.user_id, t.account, t.symbol, t.amount, x.exit,
           r.status,
           CASE r.status
             WHEN 'lost' THEN 0::bigint
             -- round(numeric) rounds half away from zero; exact, never a float.
             WHEN 'won' THEN t.amount + round(t.amount::numeric * t.payout_percent / 100)::bigint
             ELSE t.amount
           END AS payout,
           CASE
             WHEN (x.exit).symbol IS NULL THEN
               'No market price was recorded before expiry; the stake is refunded.'
             WHEN t.account = 'real' AND (x.exit).source = 'simulated' THEN
               'Only a simulated price exists at expiry; the stake is refunded.'
             WHEN x.lag_ms > p_stale_after_ms THEN
               'No fresh market price at expiry: the last one is ' || x.lag_ms::text
               || ' ms older than expiry (limit ' || p_stale_after_ms::text || ' ms); the stake is refunded.'
           END AS void_reason,
           EXISTS (SELECT 1 FROM journal_entries e
                    WHERE e.idempotency_key = 'trade:' || t.id::text || ':close') AS closed_before,
           a.id AS account_id,
           a.balance AS opening,
           CASE t.account WHEN 'real' THEN v_house_real ELSE v_house_practice END AS house_id
      FROM trades t
      JOIN ledger_accounts a
        ON a.user_id = t.user_id
       AND a.kind = CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                   ELSE 'user_practice'::ledger_account_kind END
     CROSS JOIN LATERAL (
             SELECT e.exit,
                    -- Both are timestamp(3): a whole number of milliseconds.
                    (extract(epoch FROM (t.expires_at - (e.exit).exchange_ts)) * 1000)::bigint AS lag_ms
               FROM (SELECT CASE t.account WHEN 'real' THEN v_live ELSE v_last END AS exit) e
           ) x
     CROSS JOIN LATERAL (SELECT CASE
             WHEN (x.exit).symbol IS NULL THEN 'void'
             WHEN t.account = 'real' AND (x.exit).source = 'simulated' THEN 'void'
             WHEN x.lag_ms > p_stale_after_ms THEN 'void'
             WHEN (x.exit).price_e8 = t.entry_price_e8 THEN 'draw'
             WHEN (t.direction = 'up') = ((x.exit).price_e8 > t.entry_price_e8) THEN 'won'
             ELSE 'lost'
           END::trade_status AS status) r
     WHERE t.id = ANY (p_ids)
  ), numbered AS (
    -- The closing entries' ids (one per new credit), drawn in account and trade order.
    SELECT d.*,
           CASE WHEN d.closed_before THEN 0::bigint ELSE d.payout END AS credit,
           CASE WHEN d.payout > 0 AND NOT d.closed_before
                THEN nextval('journal_entries_id_seq'::regclass) END AS entry_id
      FROM (SELECT * FROM decided ORDER BY account_id, id) d
  ), chained AS (
    -- balance_after: the account's running balance in entry order; for a trade without a new
    -- entry (sorted last) the balance after the batch.
    SELECT n.*,
           n.opening + sum(n.credit) OVER (PARTITION BY n.account_id ORDER BY n.entry_id NULLS LAST, n.id
                                           ROWS UNBOUNDED PRECEDING)::bigint AS balance_after
      FROM numbered n
  ), settled AS (
    UPDATE trades t
       SET status = c.status,
           exit_price_e8 = (c.exit).price_e8,
           exit_agg_trade_id = (c.exit).agg_trade_id,
           exit_exchange_ts = (c.exit).exchange_ts,
           exit_source = (c.exit).source,
           exit_second = (c.exit).second,
           stale_after_ms = p_stale_after_ms,
           payout = c.payout,
           profit = c.payout - t.amount,
           void_reason = c.void_reason,
           settled_at = now()
      FROM chained c
     WHERE t.id = c.id AND t.status = 'running'
    RETURNING t AS trade, c.balance_after, c.closed_before
  ), entries AS (
    INSERT INTO journal_entries (id, type, user_id, account, reference, remarks, idempotency_key, created_by)
    SELECT c.entry_id,
           CASE c.status WHEN 'won' THEN 'trade_payout'::bill_type ELSE 'trade_refund'::bill_type END,
           c.user_id, c.account, c.id::text,
           CASE c.status
             WHEN 'won' THEN 'Trade win ' || c.symbol
             WHEN 'draw' THEN 'Trade draw ' || c.symbol || ': stake returned'
             ELSE 'Trade void ' || c.symbol || ': stake refunded'
           END,
           'trade:' || c.id::text || ':close', NULL
      FROM chained c
     WHERE c.entry_id IS NOT NULL
     ORDER BY c.entry_id
    RETURNING 1
  ), credited AS (
    UPDATE ledger_accounts a SET balance = a.balance + c.total
      FROM (SELECT account_id, sum(credit)::bigint AS total
              FROM chained WHERE credit > 0 GROUP BY account_id) c
     WHERE a.id = c.account_id
    RETURNING 1
  ), posted AS (
    INSERT INTO postings (entry_id, account_id, amount, balance_after)
    SELECT q.entry_id, q.account_id, q.amount, q.balance_after
      FROM (SELECT c.entry_id, c.account_id, c.credit AS amount, c.balance_after, 0 AS side
              FROM chained c WHERE c.entry_id IS NOT NULL
            UNION ALL
            SELECT c.entry_id, c.house_id, -c.credit, NULL, 1
              FROM chained c WHERE c.entry_id IS NOT NULL) q
     -- Posting ids in entry order, so each account's balance_after chain follows its postings.
     ORDER BY q.entry_id, q.side
    RETURNING 1
  )
  SELECT array_agg(ROW(s.balance_after, s.trade)::settled_trade
                   ORDER BY (s.trade).user_id, (s.trade).account, (s.trade).id),
         array_agg((s.trade).id) FILTER (WHERE s.closed_before)
    INTO v_settled, v_closed_before
    FROM settled s;

  -- Every trade given is locked and running, so each is settled; one the UPDATE skipped would
  -- leave its entry without a settled trade: refuse the whole batch instead.
  IF coalesce(cardinality(v_settled), 0) <> cardinality(p_ids) THEN
    RAISE EXCEPTION 'settle_trades settled % of % trades', coalesce(cardinality(v_settled), 0), cardinality(p_ids);
  END IF;

  -- A closing entry that was already there must be the movement this settlement would post.
  IF v_closed_before IS NOT NULL THEN
    PERFORM 1
       FROM trades t
       JOIN journal_entries e ON e.idempotency_key = 'trade:' || t.id::text || ':close'
       JOIN postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
      WHERE t.id = ANY (v_closed_before)
        AND (e.user_id <> t.user_id OR e.account <> t.account OR p.amount <> t.payout
             OR e.type <> CASE t.status WHEN 'won' THEN 'trade_payout'::bill_type ELSE 'trade_refund'::bill_type END);
    IF FOUND THEN
      RAISE EXCEPTION 'the closing entry of a trade was already posted for a different movement'
        USING ERRCODE = 'MN002';
    END IF;
  END IF;

  RETURN QUERY
    SELECT x.balance_after, ar.balance, ap.balance, x.trade
      FROM unnest(v_settled) WITH ORDINALITY AS x (balance_after, trade, n)
      LEFT JOIN ledger_accounts ar ON ar.user_id = (x.trade).user_id AND ar.kind = 'user_real'
      LEFT JOIN ledger_accounts ap ON ap.user_id = (x.trade).user_id AND ap.kind = 'user_practice'
     ORDER BY x.n;
END;
$$;
