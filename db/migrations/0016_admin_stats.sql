-- The admin dashboard's counts, kept off the request path and off the money path. A periodic
-- job (workers: adminStats) calls refresh_admin_stats(): it recounts only the days that can
-- still change into admin_stats_daily, then writes one snapshot row (admin_stats) that
-- GET /api/admin-stats/cards reads by its key. Placement and settlement never touch either
-- table, so no trade waits on a counter row.
--
-- Days are UTC. A day is recounted until the day after it has ended: a settlement or a decision
-- stamped just before midnight may commit just after it. Rows written later with an older
-- timestamp (an import) are counted by refresh_admin_stats(true), which recounts every day.

-- The recount reads each source by its timestamp; INCLUDE lets it answer from the index alone.
CREATE INDEX "trades_settled_at_idx" ON "trades" USING btree ("settled_at") INCLUDE ("account", "status") WHERE "trades"."settled_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "login_history_success_created_idx" ON "login_history" USING btree ("created_at") INCLUDE ("user_id", "device_type") WHERE "login_history"."success";
--> statement-breakpoint
CREATE INDEX "topups_approved_decided_idx" ON "topups" USING btree ("decided_at") INCLUDE ("amount") WHERE "topups"."status" = 'approved';
--> statement-breakpoint
CREATE INDEX "withdrawals_approved_decided_idx" ON "withdrawals" USING btree ("decided_at") INCLUDE ("amount") WHERE "withdrawals"."status" = 'approved';
--> statement-breakpoint
-- One row per UTC day and metric: 'trades.<account>.<status>' (settled trades by settlement
-- day), 'logins.<device>' (successful logins), 'deposits' and 'withdrawals' (approved amounts,
-- paise, by decision day). Derived data: refresh_admin_stats() deletes and rewrites its days.
CREATE TABLE "admin_stats_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "admin_stats_daily_pkey" PRIMARY KEY ("day", "metric")
);
--> statement-breakpoint
-- The last snapshot (id = 1): written by refresh_admin_stats() only.
CREATE TABLE "admin_stats" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"stats" jsonb NOT NULL,
	-- Days up to this one are final in admin_stats_daily; the next refresh recounts the days after.
	"closed_through" date,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_stats_single_row" CHECK ("admin_stats"."id" = 1)
);
--> statement-breakpoint
-- Recount the open days, write the snapshot, and say whether it differs from the last one (the
-- job announces a change to the admins room). `rebuild` recounts every day.
CREATE FUNCTION refresh_admin_stats(rebuild boolean DEFAULT false)
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
