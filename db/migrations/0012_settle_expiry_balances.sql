-- settle_expiry (migration 0010) with both of each settled trade's owner's balances, so the
-- settlement's events need no query of their own after the commit. A batch's events carry
-- each owner's real and practice balances; they were read with one more round trip once the
-- batch had committed, which waited behind the burst's other batches (`pnpm bench settlement`:
-- 3-31 ms between a batch's commit and its events).
--
-- settle_expiry runs unchanged; its rows are kept, and a second statement reads the owners'
-- accounts. That statement has a snapshot of its own, taken after settle_expiry wrote: it sees
-- this batch's credits (its accounts are locked until the commit) and whatever else had
-- committed by then, as a read after the commit would, less the commit itself. A user without
-- one of the accounts yet gets null for it (the caller's default: real 0, practice the opening
-- balance). Rows come back in settle_expiry's order; the balances are null on rows that are
-- not 'settled'.
CREATE TYPE settle_expiry_row AS (o_outcome text, o_balance bigint, o_trade trades);

CREATE FUNCTION settle_expiry_with_balances(
  p_symbol text,
  p_expires_at timestamptz,
  p_stale_after_ms integer,
  p_now timestamptz,
  p_limit integer
) RETURNS TABLE (
  o_outcome text,
  o_balance bigint,
  o_real_balance bigint,
  o_practice_balance bigint,
  o_trade trades
)
LANGUAGE plpgsql AS $$
DECLARE
  v_rows settle_expiry_row[];
BEGIN
  v_rows := ARRAY(
    SELECT ROW(r.o_outcome, r.o_balance, r.o_trade)::settle_expiry_row
      FROM settle_expiry(p_symbol, p_expires_at, p_stale_after_ms, p_now, p_limit) r
  );
  RETURN QUERY
    SELECT x.o_outcome, x.o_balance, ar.balance, ap.balance, x.o_trade
      FROM unnest(v_rows) WITH ORDINALITY AS x (o_outcome, o_balance, o_trade, n)
      LEFT JOIN ledger_accounts ar
        ON x.o_outcome = 'settled' AND ar.user_id = (x.o_trade).user_id AND ar.kind = 'user_real'
      LEFT JOIN ledger_accounts ap
        ON x.o_outcome = 'settled' AND ap.user_id = (x.o_trade).user_id AND ap.kind = 'user_practice'
     ORDER BY x.n;
END;
$$;
