-- Double entry at a fraction of its cost. Migration 0003 checked it with two deferred row
-- triggers, each running a count and sum over the entry's postings at commit: one per entry and
-- one per posting, three queries for a two-posting entry (a batch of 250 settlements ran 750 at
-- its commit). Now:
--   1. postings_balanced, statement level and immediate: the postings one statement inserts,
--      taken entry by entry, number at least 2 and sum to zero. One grouped query over the
--      statement's transition table, whatever its row count; it never reads the postings table.
--   2. journal_entries_balanced, row level and deferred to commit as before: every entry the
--      transaction created has at least 2 postings and they sum to zero. One query per entry.
-- Why this keeps "every entry's postings number >= 2 and sum to zero, checked no later than
-- commit, and nothing can be appended to a committed entry unchecked": postings are only ever
-- inserted (0003 refuses UPDATE, DELETE and TRUNCATE), and (1) lets a statement add to an entry
-- only a set that is balanced on its own. So an entry's postings are, after every statement,
-- either none or a union of balanced sets of two or more, which is balanced with two or more;
-- rolling back to a savepoint removes whole sets. A posting appended to an entry of another,
-- committed transaction is checked by (1) at its statement, and (1) refuses it unless it is
-- part of a balanced set, so the entry stays balanced. An entry that got no postings is refused
-- at commit by (2). (2) still checks the full count and sum, so it would also catch an entry
-- left unbalanced if (1) were ever bypassed.
-- The rule this adds: an entry's postings are inserted by one statement. Every writer does so:
-- post() in src/ledger.ts, place_trade (0005), settle_trade (0006), settle_expiry (0008) and
-- 0004 each insert all of an entry's postings with one INSERT (two INSERTs into postings in
-- CTEs of one statement share one transition table, so they count as one). A statement with
-- only part of an entry's postings is refused at once, even if the rest would follow in the
-- same transaction: that order has no writer, and failing at once points at the statement.
-- Both raise SQLSTATE 23514 with CONSTRAINT journal_entries_balanced and the message of 0003,
-- so callers (settleExpiry's batchRefused in src/trades.ts) see the refusal they saw before.
DROP TRIGGER postings_balanced ON postings;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT i.entry_id, count(*) AS n, sum(i.amount) AS total
    INTO bad
    FROM inserted i
   GROUP BY i.entry_id
  HAVING count(*) < 2 OR sum(i.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to % (one statement inserts all of an entry''s postings)',
      bad.entry_id, bad.n, bad.total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_balanced AFTER INSERT ON postings
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION postings_balanced();
--> statement-breakpoint
-- The commit-time check of each new entry, with the query inlined (one PL/pgSQL call, not two).
CREATE OR REPLACE FUNCTION journal_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(p.amount), 0) INTO n, total FROM postings p WHERE p.entry_id = NEW.id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to %', NEW.id, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP FUNCTION ledger_assert_balanced(bigint);
