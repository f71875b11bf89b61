-- An account's sign-in attempts are counted per lane: `known`, the address the account last
-- signed in from successfully (kept in the lane's row as `address`), and `elsewhere`, every other
-- address. Guesses from elsewhere lock the `elsewhere` lane only, so the owner still signs in
-- from their usual address; attempts from there have a counter of their own. Existing rows are
-- the `elsewhere` lane.
ALTER TABLE "login_locks" ADD COLUMN "lane" text DEFAULT 'elsewhere' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_locks" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "login_locks" DROP CONSTRAINT "login_locks_pkey";--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_pkey" PRIMARY KEY("user_id","lane");--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_lane" CHECK ("login_locks"."lane" IN ('known', 'elsewhere'));
