-- Settling one expiry instant in one call (src/trades.ts settleExpiry): the running trades of
-- one symbol that expire at one instant, up to p_limit of them in id order, in the caller's one
-- transaction, so a thousand trades expiring together cost a few commits (WAL flushes) instead
-- of a thousand. The rules and writes are settle_trade's (migration 0006) and decideOutcome's
-- (src/trades.ts), applied to the whole batch at once: every trade of the batch shares its
-- symbol and instant, so the price at expiry is one question and there are two exit ticks (the
-- last one, and the last live one for real money); the trades, closing entries, account
-- credits and postings are then written a statement each instead of a statement each per
-- trade. The tests settle twins through both functions and compare them.
-- One row per trade handled:
--   o_outcome 'settled':  the trade's result and its closing entry (none for a loss) are
--                         written; o_balance is the account's balance right after its credit
--                         (for a loss: after the batch); o_trade the settled row.
--   o_outcome 'fallback': left running for the TypeScript path (settleTrade): its account is
--                         not open, or its closing entry's key is taken (what settle_trade
--                         refuses with MN002 / MN003: that path opens the account, or checks the
--                         entry is the same movement and replays it).
--   o_outcome 'awaiting': the price at expiry is not final yet (before expiry, or no later tick
--                         archived while the staleness bound has not passed): nothing is
--                         written; one row, and the call ends.
--   o_outcome 'locked':   only when fewer than p_limit trades could be locked: a running trade
--                         of the instant another transaction holds (an admin cancel, a per-trade
--                         settlement, another run of the same job), or one committed since. Not
--                         touched; the caller looks again, or settles it with settleTrade, which
--                         waits for the lock.
-- Locks, in the order every other writer takes them (place_trade, settle_trade, cancelTrade:
-- the trade row, then the user's ledger account):
--   1. the batch's trade rows, FOR UPDATE SKIP LOCKED: a row another transaction holds is
--      skipped, never waited for, so the batch never waits on a trade while holding an account;
--   2. then the owners' accounts, in (user, kind) order: batches running at once (two symbols,
--      or two runs of one job) take the accounts they share in the same order and queue
--      instead of deadlocking. The caller still runs a batch again after a deadlock (40P01)
--      with a writer that locks accounts another way.
-- MN002 / MN003 are checked for before writing, not caught per trade: an EXCEPTION block is a
-- subtransaction, and more than 64 in one transaction overflow the subtransaction cache, which
-- slows every concurrent snapshot until the commit. Neither can change under the locks held:
-- accounts are permanent, and a trade's closing key is only written under its row lock.
-- Should one get through anyway, the batch fails as a whole (the closing key's unique index,
-- or the deferred double-entry check of an entry left without its postings).
CREATE FUNCTION settle_expiry(
  p_symbol text,
  p_expires_at timestamptz,
  p_stale_after_ms integer,
  p_now timestamptz,
  p_limit integer
) RETURNS TABLE (o_outcome text, o_balance bigint, o_trade trades)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
  v_fallback uuid[];
  v_settle uuid[];
  v_last market_ticks;
  v_live market_ticks;
BEGIN
  IF p_symbol IS NULL OR p_expires_at IS NULL OR p_stale_after_ms IS NULL OR p_now IS NULL
     OR p_limit IS NULL OR p_limit < 1 THEN
    RAISE EXCEPTION 'settle_expiry needs a symbol, an expiry, a staleness bound, a clock and a positive limit'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 1. The batch's trade rows.
  SELECT coalesce(array_agg(b.id ORDER BY b.id), '{}')
    INTO v_ids
    FROM (SELECT t.id FROM trades t
           WHERE t.symbol = p_symbol AND t.expires_at = p_expires_at AND t.status = 'running'
           ORDER BY t.id
           LIMIT p_limit
             FOR UPDATE SKIP LOCKED) b;

  IF cardinality(v_ids) > 0 THEN
    -- Not final yet: before expiry, or no tick after expiry archived within the staleness bound.
    IF p_now < p_expires_at
       OR (p_now < p_expires_at + p_stale_after_ms * interval '1 millisecond'
           AND NOT EXISTS (
             SELECT 1 FROM market_ticks m
              WHERE m.symbol = p_symbol
                AND m.exchange_ts > p_expires_at
                -- exchange_ts > expiry implies second >= expiry's second: prunes older partitions.
                AND m.second >= date_trunc('second', p_expires_at)
           )) THEN
      RETURN QUERY SELECT 'awaiting'::text, NULL::bigint, t FROM trades t WHERE t.id = v_ids[1];
      RETURN;
    END IF;

    -- The TypeScript path's trades: no account to credit, or a closing entry already there.
    SELECT coalesce(array_agg(t.id), '{}')
      INTO v_fallback
      FROM trades t
     WHERE t.id = ANY (v_ids)
       AND (NOT EXISTS (SELECT 1 FROM ledger_accounts a
                         WHERE a.user_id = t.user_id
                           AND a.kind = CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                                       ELSE 'user_practice'::ledger_account_kind END)
            OR EXISTS (SELECT 1 FROM journal_entries e
                        WHERE e.idempotency_key = 'trade:' || t.id::text || ':close'));
    v_settle := ARRAY(SELECT i FROM unnest(v_ids) i WHERE i <> ALL (v_fallback));

    -- 2. The owners' accounts, in a stable order.
    PERFORM 1
       FROM ledger_accounts a
      WHERE (a.user_id, a.kind) IN (
              SELECT t.user_id,
                     CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                                    ELSE 'user_practice'::ledger_account_kind END
                FROM trades t WHERE t.id = ANY (v_settle))
      ORDER BY a.user_id, a.kind
        FOR UPDATE;

    -- The exit ticks: the last archived tick at or before expiry; real money skips simulated ones.
    SELECT * INTO v_last FROM market_ticks m
     WHERE m.symbol = p_symbol AND m.exchange_ts <= p_expires_at
     ORDER BY m.exchange_ts DESC
     LIMIT 1;
    SELECT * INTO v_live FROM market_ticks m
     WHERE m.symbol = p_symbol AND m.exchange_ts <= p_expires_at AND m.source <> 'simulated'
     ORDER BY m.exchange_ts DESC
     LIMIT 1;

    RETURN QUERY
    WITH priced AS (
      SELECT t.*,
             x.exit,
             -- Both are timestamp(3): a whole number of milliseconds.
             (extract(epoch FROM (t.expires_at - (x.exit).exchange_ts)) * 1000)::bigint AS lag_ms
        FROM trades t
       CROSS JOIN LATERAL (SELECT CASE t.account WHEN 'real' THEN v_live ELSE v_last END AS exit) x
       WHERE t.id = ANY (v_settle)
    ), decided AS (
      SELECT p.id, p.exit,
             r.status,
             CASE r.status
               WHEN 'lost' THEN 0::bigint
               -- round(numeric) rounds half away from zero; exact, never a float.
               WHEN 'won' THEN p.amount + round(p.amount::numeric * p.payout_percent / 100)::bigint
               ELSE p.amount
             END AS payout,
             CASE
               WHEN (p.exit).symbol IS NULL THEN
                 'No market price was recorded before expiry; the stake is refunded.'
               WHEN p.account = 'real' AND (p.exit).source = 'simulated' THEN
                 'Only a simulated price exists at expiry; the stake is refunded.'
               WHEN p.lag_ms > p_stale_after_ms THEN
                 'No fresh market price at expiry: the last one is ' || p.lag_ms::text
                 || ' ms older than expiry (limit ' || p_stale_after_ms::text || ' ms); the stake is refunded.'
             END AS void_reason
        FROM priced p
       CROSS JOIN LATERAL (SELECT CASE
               WHEN (p.exit).symbol IS NULL THEN 'void'
               WHEN p.account = 'real' AND (p.exit).source = 'simulated' THEN 'void'
               WHEN p.lag_ms > p_stale_after_ms THEN 'void'
               WHEN (p.exit).price_e8 = p.entry_price_e8 THEN 'draw'
               WHEN (p.direction = 'up') = ((p.exit).price_e8 > p.entry_price_e8) THEN 'won'
               ELSE 'lost'
             END::trade_status AS status) r
    ), settled AS (
      UPDATE trades t
         SET status = d.status,
             exit_price_e8 = (d.exit).price_e8,
             exit_agg_trade_id = (d.exit).agg_trade_id,
             exit_exchange_ts = (d.exit).exchange_ts,
             exit_source = (d.exit).source,
             exit_second = (d.exit).second,
             stale_after_ms = p_stale_after_ms,
             payout = d.payout,
             profit = d.payout - t.amount,
             void_reason = d.void_reason,
             settled_at = now()
        FROM decided d
       WHERE t.id = d.id AND t.status = 'running'
      RETURNING t AS trade, t.id, t.user_id, t.account, t.symbol, t.status, t.payout,
                CASE t.account WHEN 'real' THEN 'user_real'::ledger_account_kind
                               ELSE 'user_practice'::ledger_account_kind END AS kind,
                CASE t.account WHEN 'real' THEN 'house_real'::ledger_account_kind
                               ELSE 'house_practice'::ledger_account_kind END AS house
    ), entries AS (
      -- The closing entries (their keys claim each trade's one closing credit), in account order.
      INSERT INTO journal_entries (type, user_id, account, reference, remarks, idempotency_key, created_by)
      SELECT CASE s.status WHEN 'won' THEN 'trade_payout'::bill_type ELSE 'trade_refund'::bill_type END,
             s.user_id, s.account, s.id::text,
             CASE s.status
               WHEN 'won' THEN 'Trade win ' || s.symbol
               WHEN 'draw' THEN 'Trade draw ' || s.symbol || ': stake returned'
               ELSE 'Trade void ' || s.symbol || ': stake refunded'
             END,
             'trade:' || s.id::text || ':close', NULL
        FROM settled s
       WHERE s.payout > 0
       ORDER BY s.user_id, s.kind, s.id
      RETURNING id, reference
    ), totals AS (
      SELECT s.user_id, s.kind, sum(s.payout)::bigint AS total
        FROM settled s WHERE s.payout > 0
       GROUP BY s.user_id, s.kind
    ), credited AS (
      UPDATE ledger_accounts a SET balance = a.balance + c.total
        FROM totals c
       WHERE a.user_id = c.user_id AND a.kind = c.kind AND a.balance + c.total >= 0
      RETURNING a.id, a.user_id, a.kind, a.balance AS after, a.balance - c.total AS before
    ), running AS (
      -- Each credit's balance_after: the account's running balance in entry order.
      SELECT s.id AS trade_id, e.id AS entry_id, c.id AS account_id, s.payout, s.house,
             c.before + (sum(s.payout) OVER (PARTITION BY c.id ORDER BY e.id))::bigint AS balance_after
        FROM settled s
        JOIN entries e ON e.reference = s.id::text
        JOIN credited c ON c.user_id = s.user_id AND c.kind = s.kind
    ), posted AS (
      INSERT INTO postings (entry_id, account_id, amount, balance_after)
      SELECT q.entry_id, q.account_id, q.amount, q.balance_after
        FROM (SELECT r.entry_id, r.account_id, r.payout AS amount, r.balance_after, 0 AS side FROM running r
              UNION ALL
              SELECT r.entry_id, h.id, -r.payout, NULL, 1
                FROM running r JOIN ledger_accounts h ON h.user_id IS NULL AND h.kind = r.house) q
       -- Posting ids in entry order, so each account's balance_after chain follows its postings.
       ORDER BY q.entry_id, q.side
      RETURNING 1
    )
    SELECT 'settled'::text,
           coalesce(r.balance_after, c.after, a.balance),
           s.trade
      FROM settled s
      LEFT JOIN running r ON r.trade_id = s.id
      LEFT JOIN credited c ON c.user_id = s.user_id AND c.kind = s.kind
      LEFT JOIN ledger_accounts a ON a.user_id = s.user_id AND a.kind = s.kind
     ORDER BY s.user_id, s.kind, s.id;

    RETURN QUERY SELECT 'fallback'::text, NULL::bigint, t FROM trades t WHERE t.id = ANY (v_fallback) ORDER BY t.id;
  END IF;

  IF cardinality(v_ids) < p_limit THEN
    RETURN QUERY
      SELECT 'locked'::text, NULL::bigint, t
        FROM trades t
       WHERE t.symbol = p_symbol AND t.expires_at = p_expires_at AND t.status = 'running'
         AND t.id <> ALL (v_ids)
       ORDER BY t.id
       LIMIT p_limit;
  END IF;
END;
$$;
