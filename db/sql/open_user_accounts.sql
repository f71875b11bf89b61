-- A user's real and practice accounts, created on their first movement, practice with its
-- opening balance through a practice_reset entry. Safe when two transactions race: the loser
-- of the insert waits for the winner and then finds the accounts there.
CREATE OR REPLACE FUNCTION open_user_accounts(p_user_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_practice_created boolean;
BEGIN
  WITH created AS (
    INSERT INTO ledger_accounts (user_id, kind, balance)
    VALUES (p_user_id, 'user_real', 0), (p_user_id, 'user_practice', 0)
    ON CONFLICT (user_id, kind) DO NOTHING
    RETURNING kind
  )
  SELECT coalesce(bool_or(kind = 'user_practice'), false) INTO v_practice_created FROM created;
  IF v_practice_created THEN
    PERFORM post_entry('practice_reset', p_user_id, 'practice', practice_opening_balance(), 'house_practice',
                       NULL, 'Practice account opened', 'practice-open:' || p_user_id::text, NULL);
  END IF;
END;
$$;
