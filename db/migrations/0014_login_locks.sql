-- Failed sign-ins counted per account, whatever the address they come from (the per-address
-- limit lives in Redis, in the gateway's rate limiter). One row per account that has failed
-- recently: the times of its failures inside the counting window, and, once too many piled up,
-- the moment until which the account refuses every sign-in. A success or an unlock deletes the
-- row. Kept in Postgres so that a lock outlives a Redis flush or restart and the unlock command
-- needs only the database.
CREATE TABLE "login_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"failures" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
