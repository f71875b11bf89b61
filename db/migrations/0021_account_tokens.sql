-- Links mailed to a user: a password reset (valid 30 minutes) and an email verification (valid
-- 24 hours). Only the sha256 of a token is stored, so a copy of the database lets nobody use
-- one; `used_at` makes each single-use. A verification token names the address it was sent to:
-- if the email changes before it is used, it verifies nothing.
CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" bytea NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose" CHECK ("account_tokens"."purpose" IN ('password_reset', 'email_verification'))
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");
--> statement-breakpoint
-- The per-account cap counts a user's recent tokens of one purpose.
CREATE INDEX "account_tokens_user_created_idx" ON "account_tokens" USING btree ("user_id","purpose","created_at");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Whoever changes an address (an admin's edit today, any writer later), the new one is not
-- verified yet.
CREATE FUNCTION users_email_unverify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    NEW.email_verified_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_email_unverify BEFORE UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION users_email_unverify();
--> statement-breakpoint
-- refresh_admin_stats() of migration 0016, now also counting verified and unverified addresses.
CREATE OR REPLACE FUNCTION refresh_admin_stats(rebuild boolean DEFAULT false)
RETURNS TABLE (stats jsonb, computed_at timestamp with time zone, changed boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  closed date;
  from_day date;
  from_ts timestamptz;
  prev jsonb;
  next jsonb;
BEGIN
  -- Two refreshes at once would both rewrite the same days: one waits for the other.
  PERFORM pg_advisory_xact_lock(hashtext('refresh_admin_stats'));
  SELECT s.stats, s.closed_through INTO prev, closed FROM admin_stats s WHERE s.id = 1;
  from_day := CASE WHEN rebuild OR closed IS NULL THEN '-infinity'::date ELSE closed + 1 END;
  from_ts := from_day::timestamp AT TIME ZONE 'UTC';

  DELETE FROM admin_stats_daily d WHERE d.day >= from_day;
  INSERT INTO admin_stats_daily (day, metric, value)
  SELECT (t.settled_at AT TIME ZONE 'UTC')::date, 'trades.' || t.account::text || '.' || t.status::text, count(*)
    FROM trades t WHERE t.settled_at >= from_ts GROUP BY 1, 2
  UNION ALL
  SELECT (l.created_at AT TIME ZONE 'UTC')::date, 'logins.' || l.device_type::text, count(*)
    FROM login_history l WHERE l.success AND l.created_at >= from_ts GROUP BY 1, 2
  UNION ALL
  SELECT (p.decided_at AT TIME ZONE 'UTC')::date, 'deposits', sum(p.amount)::bigint
    FROM topups p WHERE p.status = 'approved' AND p.decided_at >= from_ts GROUP BY 1
  UNION ALL
  SELECT (w.decided_at AT TIME ZONE 'UTC')::date, 'withdrawals', sum(w.amount)::bigint
    FROM withdrawals w WHERE w.status = 'approved' AND w.decided_at >= from_ts GROUP BY 1;

  SELECT jsonb_build_object(
    'totalUsers', (SELECT count(*) FROM users),
    'emailVerified', (SELECT count(*) FROM users u WHERE u.email_verified_at IS NOT NULL),
    'activeUsers', (SELECT count(DISTINCT l.user_id) FROM login_history l
                     WHERE l.success AND l.created_at > now() - interval '30 days'),
    'running', (SELECT jsonb_build_object(
                  'real', count(*) FILTER (WHERE t.account = 'real'),
                  'practice', count(*) FILTER (WHERE t.account = 'practice'))
                FROM trades t WHERE t.status = 'running'),
    'totals', coalesce((SELECT jsonb_object_agg(m.metric, m.value)
                        FROM (SELECT d.metric, sum(d.value)::bigint AS value
                              FROM admin_stats_daily d GROUP BY d.metric) m), '{}'::jsonb)
  ) INTO next;

  INSERT INTO admin_stats AS s (id, stats, closed_through, computed_at)
  VALUES (1, next, today - 2, now())
  ON CONFLICT (id) DO UPDATE
    SET stats = excluded.stats, closed_through = excluded.closed_through, computed_at = excluded.computed_at;

  RETURN QUERY SELECT next, now(), next IS DISTINCT FROM prev;
END;
$$;
