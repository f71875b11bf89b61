-- Real balances held on users before the ledger become opening entries: each user with money
-- gets a real ledger account holding it and one balanced entry (user +b, adjustments -b).
-- Everything else opens lazily on a user's first movement (src/ledger.ts), practice included.
INSERT INTO "ledger_accounts" ("user_id", "kind", "balance")
  SELECT "id", 'user_real', "balance" FROM "users" WHERE "balance" > 0;
--> statement-breakpoint
INSERT INTO "journal_entries" ("type", "user_id", "account", "remarks", "idempotency_key")
  SELECT 'opening_balance', "id", 'real', 'Opening balance', 'opening-balance:' || "id"
  FROM "users" WHERE "balance" > 0;
--> statement-breakpoint
INSERT INTO "postings" ("entry_id", "account_id", "amount", "balance_after")
  SELECT e."id", side."account_id", side."amount", side."balance_after"
  FROM "users" u
  JOIN "journal_entries" e ON e."idempotency_key" = 'opening-balance:' || u."id"
  CROSS JOIN LATERAL (
    SELECT a."id" AS "account_id", u."balance" AS "amount", u."balance" AS "balance_after"
      FROM "ledger_accounts" a WHERE a."user_id" = u."id" AND a."kind" = 'user_real'
    UNION ALL
    SELECT a."id", -u."balance", NULL
      FROM "ledger_accounts" a WHERE a."user_id" IS NULL AND a."kind" = 'adjustments'
  ) side
  WHERE u."balance" > 0;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_balance_nonnegative";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "balance";
