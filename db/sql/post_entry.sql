-- The one posting of a ledger entry: the entry, the user's account (updated only if the balance
-- stays >= 0, which also serialises concurrent movements of that account) and both postings.
-- Every single movement of money goes through here; a settlement batch writes its closing
-- entries set-based in settle_trades, under the same rules.
--   p_amount: paise from the user's view, positive credits, negative debits, never 0.
--   p_idempotency_key: global; the same key with the same movement returns the first entry
--   (o_replayed) and moves nothing, with a different movement it is refused.
-- The user's accounts open on their first movement (open_user_accounts).
-- Refusals (db/src/errors.ts): MN001 insufficient funds (DETAIL: the balance), MN002 idempotency
-- key reused, MN005 invalid input.
CREATE OR REPLACE FUNCTION post_entry(
  p_type bill_type,
  p_user_id uuid,
  p_account money_account,
  p_amount bigint,
  p_counterparty ledger_account_kind,
  p_reference text,
  p_remarks text,
  p_idempotency_key text,
  p_created_by uuid,
  OUT o_entry_id bigint,
  OUT o_balance_after bigint,
  OUT o_replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_kind ledger_account_kind := CASE p_account WHEN 'real' THEN 'user_real' ELSE 'user_practice' END;
  v_account_id bigint;
  v_balance bigint;
  v_first record;
BEGIN
  IF p_amount IS NULL OR p_amount = 0 THEN
    RAISE EXCEPTION 'a ledger entry cannot move 0 paise' USING ERRCODE = 'MN005';
  END IF;
  -- Practice money never meets real money.
  IF NOT (p_counterparty = ANY (CASE p_account
            WHEN 'real' THEN ARRAY['house_real', 'payments', 'adjustments']::ledger_account_kind[]
            ELSE ARRAY['house_practice']::ledger_account_kind[] END)) THEN
    RAISE EXCEPTION 'a % balance cannot move against %', p_account, p_counterparty USING ERRCODE = 'MN005';
  END IF;

  -- The entry first: with a key it is the claim that makes a concurrent retry wait here and
  -- then find this entry, instead of moving money a second time.
  -- An unknown user or admin fails its foreign key (23503), which db/src/errors.ts reads as such.
  INSERT INTO journal_entries (type, user_id, account, reference, remarks, idempotency_key, created_by)
  VALUES (p_type, p_user_id, p_account, p_reference, p_remarks, p_idempotency_key, p_created_by)
  ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
  RETURNING id INTO o_entry_id;

  IF o_entry_id IS NULL THEN
    SELECT e.id, e.type, e.user_id, e.account, p.amount, p.balance_after INTO v_first
      FROM journal_entries e
      JOIN postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
     WHERE e.idempotency_key = p_idempotency_key;
    IF NOT FOUND OR v_first.type <> p_type OR v_first.user_id <> p_user_id OR v_first.account <> p_account
       OR v_first.amount <> p_amount OR v_first.balance_after IS NULL THEN
      RAISE EXCEPTION 'idempotency key % was already used for a different request', p_idempotency_key
        USING ERRCODE = 'MN002';
    END IF;
    o_entry_id := v_first.id;
    o_balance_after := v_first.balance_after;
    o_replayed := true;
    RETURN;
  END IF;

  FOR attempt IN 1..3 LOOP
    UPDATE ledger_accounts a SET balance = a.balance + p_amount
     WHERE a.user_id = p_user_id AND a.kind = v_kind AND a.balance + p_amount >= 0
    RETURNING a.id, a.balance INTO v_account_id, v_balance;
    EXIT WHEN FOUND;
    -- Too little money, no account yet, or one a concurrent first movement created after the
    -- update looked: decide under the row lock.
    SELECT a.balance INTO v_balance FROM ledger_accounts a
     WHERE a.user_id = p_user_id AND a.kind = v_kind
       FOR UPDATE;
    IF NOT FOUND THEN
      PERFORM open_user_accounts(p_user_id);
    ELSIF v_balance + p_amount < 0 THEN
      RAISE EXCEPTION 'insufficient % balance: % paise, debit of %', p_account, v_balance, -p_amount
        USING ERRCODE = 'MN001', DETAIL = v_balance::text;
    END IF;
  END LOOP;
  IF v_account_id IS NULL THEN
    RAISE EXCEPTION 'ledger account % of user % could not be updated', p_account, p_user_id;
  END IF;

  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  VALUES (o_entry_id, v_account_id, p_amount, v_balance),
         (o_entry_id,
          (SELECT h.id FROM ledger_accounts h WHERE h.user_id IS NULL AND h.kind = p_counterparty),
          -p_amount, NULL);
  o_balance_after := v_balance;
  o_replayed := false;
END;
$$;
