-- Two-factor sign-in (TOTP, RFC 6238). One row per user who started a setup: the shared secret,
-- encrypted by the gateway (AES-256-GCM, never stored or logged in clear), when it was turned on
-- (null while the setup waits for its first code), the last time step a code was accepted at
-- (a code is not accepted twice, nor one older than the last), and the SHA-256 hashes of the
-- recovery codes not used yet (a used one is removed from the array in the statement that
-- accepts it). Deleted when two-factor sign-in is turned off.
CREATE TABLE "two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_time_step" bigint,
	"recovery_codes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
