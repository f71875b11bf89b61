/**
 * Admin dashboard benchmark (`pnpm bench admin-stats`): GET /api/admin-stats/cards on a large
 * platform. A fresh migrated database of the test server is seeded by SQL alone (one
 * precomputed password hash for every account): BENCH_STATS_USERS users (100,000),
 * BENCH_STATS_TRADES trades (1,000,000, real and practice, every status, settled over the last
 * 90 days), successful and failed logins, and decided and pending top-ups and withdrawals.
 *
 * Prints: the seed's sizes; the first recount (every day) and the periodic job's recount (the
 * open days), median of BENCH_STATS_RUNS; the request's latency against a real gateway
 * process (p50 / p95 / p99 over BENCH_STATS_REQUESTS sequential requests); the query plans
 * (EXPLAIN ANALYZE) of what the request runs and of the recount's reads; and, for scale, what
 * counting the same cards straight from the tables on each request would take. A measurement,
 * never a test. BENCH_DATABASE_URL: the server (default: the test server's postgres database).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createDb, hashPassword } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import { ms, percentile, signToken, startGateway, stopChild, waitForHealth } from './common.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const USERS = Number(process.env.BENCH_STATS_USERS ?? 100_000);
const TRADES = Number(process.env.BENCH_STATS_TRADES ?? 1_000_000);
const LOGINS = Number(process.env.BENCH_STATS_LOGINS ?? 300_000);
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 500);
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 9);

const log = (text: string) => console.log(`[bench] ${text}`);

/**
 * The seed, as set-based statements. Trades: accounts 4:1 real, statuses spread over both, settled
 * trades over the last 90 days (settled_at), a few hundred running. Every approved top-up and
 * every withdrawal points at one balanced journal entry: only their counts and amounts matter.
 */
const SEED = (users: number, trades: number, logins: number) => [
  `INSERT INTO users (first_name, last_name, username, email, password_hash, role, created_at)
   SELECT 'Bench', 'User' || i, 'bench_' || i, 'bench_' || i || '@example.com', $1,
          CASE WHEN i <= 5 THEN 'admin'::role ELSE 'user'::role END,
          now() - (i % 365) * interval '1 day'
     FROM generate_series(1, ${users}) i`,
  `CREATE TEMP TABLE bench_users AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM users`,
  `CREATE INDEX ON bench_users (n)`,
  `INSERT INTO trades (user_id, account, symbol, direction, amount, duration_seconds, payout_percent, status,
                       entry_price_e8, entry_exchange_ts, entry_source, entry_second, expires_at, created_at,
                       exit_price_e8, exit_exchange_ts, exit_source, exit_second,
                       payout, profit, settled_at, void_reason, cancel_reason, cancelled_by)
   SELECT u.id, s.account, 'BTC', 'up', 10000, 60, 80, s.status,
          100, s.at, 'bench', date_trunc('second', s.at), s.at + interval '60 seconds', s.at,
          CASE WHEN s.priced THEN 101 END, CASE WHEN s.priced THEN s.at + interval '60 seconds' END,
          CASE WHEN s.priced THEN 'bench' END,
          CASE WHEN s.priced THEN date_trunc('second', s.at + interval '60 seconds') END,
          s.payout, s.payout - 10000,
          CASE WHEN s.status <> 'running' THEN s.at + interval '60 seconds' END,
          CASE WHEN s.status = 'void' THEN 'stale feed' END,
          CASE WHEN s.status = 'cancelled' THEN 'bench' END,
          CASE WHEN s.status = 'cancelled' THEN (SELECT id FROM bench_users WHERE n = 1) END
     FROM generate_series(1, ${trades}) i
     JOIN bench_users u ON u.n = 1 + (i::bigint * 7919) % ${users}
     CROSS JOIN LATERAL (
       SELECT CASE WHEN i % 5 = 0 THEN 'practice' ELSE 'real' END::money_account AS account,
              st AS status, st IN ('won', 'lost', 'draw') AS priced,
              CASE st WHEN 'running' THEN NULL WHEN 'won' THEN 18000 WHEN 'lost' THEN 0 ELSE 10000 END::bigint AS payout,
              CASE WHEN st = 'running' THEN now() - interval '10 seconds'
                   ELSE now() - (i % 90) * interval '1 day' - (i % 86400) * interval '1 second' - interval '2 minutes' END AS at
         FROM (SELECT (CASE WHEN i % 4000 = 0 THEN 'running'
                            WHEN i % 97 = 0 THEN 'void'
                            WHEN i % 101 = 0 THEN 'cancelled'
                            WHEN i % 20 = 1 THEN 'draw'
                            WHEN i % 2 = 0 THEN 'won'
                            ELSE 'lost' END)::trade_status AS st) x
     ) s`,
  `INSERT INTO login_history (user_id, identifier, username, email, role, success, device_type, user_agent, created_at)
   SELECT CASE WHEN i % 10 = 0 THEN NULL ELSE u.id END, 'bench_' || u.n, 'bench_' || u.n, NULL, 'user',
          i % 10 <> 0, (ARRAY['mobile', 'desktop', 'tablet', 'unknown'])[1 + i % 4]::device_type, 'bench',
          now() - (i % 60) * interval '1 day' - (i % 86400) * interval '1 second'
     FROM generate_series(1, ${logins}) i
     JOIN bench_users u ON u.n = 1 + (i::bigint * 104729) % ${users}`,
  // One balanced entry that every decided request points at (+1 / -1 on the adjustments account).
  `WITH e AS (INSERT INTO journal_entries (type, remarks) VALUES ('admin_adjustment', 'bench') RETURNING id)
   INSERT INTO postings (entry_id, account_id, amount)
   SELECT e.id, (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'adjustments'), a
     FROM e CROSS JOIN (VALUES (1), (-1)) v(a)`,
  `INSERT INTO topups (user_id, amount, voucher_key, voucher_type, voucher_size, status, remarks, decided_at, journal_entry_id, created_at)
   SELECT u.id, 100000 + i, 'bench', 'image/png', 1, s.status, CASE WHEN s.status = 'rejected' THEN 'no' END,
          CASE WHEN s.status <> 'pending' THEN now() - (i % 90) * interval '1 day' END,
          CASE WHEN s.status = 'approved' THEN (SELECT max(id) FROM journal_entries) END,
          now() - (i % 90) * interval '1 day' - interval '1 hour'
     FROM generate_series(1, ${Math.round(users / 5)}) i
     JOIN bench_users u ON u.n = 1 + (i::bigint * 31) % ${users}
     CROSS JOIN LATERAL (SELECT (CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 7 = 0 THEN 'rejected'
                                      ELSE 'approved' END)::wallet_request_status AS status) s`,
  `INSERT INTO withdrawals (trx_number, user_id, amount, account_holder_name, bank_account_number, bank_name, ifsc_code,
                           status, remarks, decided_at, debit_entry_id, return_entry_id, created_at)
   SELECT 'WDBENCH' || i, u.id, 50000 + i, 'Bench', '000', 'Bank', 'BANK0000001', s.status,
          CASE WHEN s.status <> 'pending' THEN 'ok' END,
          CASE WHEN s.status <> 'pending' THEN now() - (i % 90) * interval '1 day' END,
          (SELECT max(id) FROM journal_entries),
          CASE WHEN s.status = 'rejected' THEN (SELECT max(id) FROM journal_entries) END,
          now() - (i % 90) * interval '1 day' - interval '1 hour'
     FROM generate_series(1, ${Math.round(users / 10)}) i
     JOIN bench_users u ON u.n = 1 + (i::bigint * 17) % ${users}
     CROSS JOIN LATERAL (SELECT (CASE WHEN i % 40 = 0 THEN 'pending' WHEN i % 9 = 0 THEN 'rejected'
                                      ELSE 'approved' END)::wallet_request_status AS status) s`,
];

/** The recount's reads of the open days and the last 30 days, as refresh_admin_stats() runs them. */
const RECOUNT_READS = {
  'settled trades of the open days': `
    SELECT (t.settled_at AT TIME ZONE 'UTC')::date, 'trades.' || t.account::text || '.' || t.status::text, count(*)
      FROM trades t WHERE t.settled_at >= (current_date - 1)::timestamp AT TIME ZONE 'UTC' GROUP BY 1, 2`,
  'active users (30 days)': `
    SELECT count(DISTINCT l.user_id) FROM login_history l
     WHERE l.success AND l.created_at > now() - interval '30 days'`,
  'running trades': `
    SELECT count(*) FILTER (WHERE t.account = 'real'), count(*) FILTER (WHERE t.account = 'practice')
      FROM trades t WHERE t.status = 'running'`,
  'all users': 'SELECT count(*) FROM users',
} as const;

/** What the request runs: the snapshot by its key, and the pending counts (@app/db pendingRequestCounts). */
const REQUEST_READS = {
  snapshot: 'SELECT stats, computed_at FROM admin_stats WHERE id = 1',
  'pending top-ups': `SELECT count(*) FROM topups WHERE status = 'pending'`,
  'pending withdrawals': `SELECT count(*) FROM withdrawals WHERE status = 'pending'`,
} as const;

/** The same cards counted straight from the tables: what each request would cost without the snapshot. */
const DIRECT_COUNT = `
  SELECT (SELECT count(*) FROM users),
         (SELECT count(DISTINCT user_id) FROM login_history WHERE success AND created_at > now() - interval '30 days'),
         (SELECT count(*) FROM trades WHERE account = 'real'),
         (SELECT count(*) FILTER (WHERE status = 'won') FROM trades WHERE account = 'real'),
         (SELECT count(*) FROM login_history WHERE success),
         (SELECT sum(amount) FROM topups WHERE status = 'approved'),
         (SELECT sum(amount) FROM withdrawals WHERE status = 'approved')`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function runAdminStatsBench(): Promise<void> {
  log(`admin stats: ${USERS} users, ${TRADES} trades, ${LOGINS} logins`);
  const database = await createTestDatabase(ADMIN_URL);
  const client = createDb(database.url, { max: 2 });
  const sql = client.sql;
  const prefix = `bench:stats:${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');
  let gateway: ChildProcess | undefined;
  try {
    const hash = await hashPassword('bench-password');
    let started = performance.now();
    await sql.begin(async (tx) => {
      for (const statement of SEED(USERS, TRADES, LOGINS)) {
        await tx.unsafe(statement, statement.includes('$1') ? [hash] : []);
      }
    });
    // As autovacuum would leave the tables: statistics and the visibility map (index-only scans).
    await sql.unsafe('VACUUM ANALYZE');
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sizes = await sql.unsafe<Array<{ relname: string; rows: string; size: string }>>(`
      SELECT c.relname, c.reltuples::bigint::text AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
        FROM pg_class c WHERE c.relname IN ('users', 'trades', 'login_history', 'topups', 'withdrawals')
       ORDER BY c.relname`);
    for (const s of sizes) console.log(`  ${s.relname.padEnd(14)} ${s.rows.padStart(9)} rows  ${s.size}`);

    started = performance.now();
    await sql`select * from refresh_admin_stats()`;
    const first = performance.now() - started;
    const periodic: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await sql`select * from refresh_admin_stats()`;
      periodic.push(performance.now() - started);
    }
    const direct: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      await sql.unsafe(DIRECT_COUNT);
      direct.push(performance.now() - started);
    }

    const [admin] = await sql<Array<{ id: string }>>`select id from users where role = 'admin' limit 1`;
    if (!admin) throw new Error('the seed made no admin');
    const port = await freePort();
    gateway = startGateway({
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: secret,
      port,
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 30_000);
    const headers = { authorization: `Bearer ${signToken(secret, admin.id, 0)}` };
    const get = async () => {
      const res = await fetch(`${url}/api/admin-stats/cards`, { headers });
      if (!res.ok) throw new Error(`cards answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<{ cards: Record<string, unknown> }>;
    };
    for (let i = 0; i < 20; i++) await get();
    const latencies = new Float64Array(REQUESTS);
    for (let i = 0; i < REQUESTS; i++) {
      started = performance.now();
      await get();
      latencies[i] = performance.now() - started;
    }
    latencies.sort();
    const sample = await get();

    console.log('\nadmin stats');
    console.log(`  cards answered: ${JSON.stringify(sample.cards)}`);
    console.log(`  first recount (every day):        ${ms(first)}`);
    console.log(`  periodic recount (open days):     ${ms(median(periodic))} median of ${RUNS}`);
    console.log(
      `  same cards counted per request:   ${ms(median(direct))} median of 3 (not what the route does)`,
    );
    console.log(
      `  GET /api/admin-stats/cards:       p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  ` +
        `p99 ${ms(percentile(latencies, 99))}  (${REQUESTS} sequential requests)`,
    );
    const explain = async (title: string, query: string) => {
      const plan = await sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
      console.log(`\n-- ${title}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    };
    console.log('\nquery plans of the request:');
    for (const [title, query] of Object.entries(REQUEST_READS)) await explain(title, query);
    console.log('\nquery plans of the periodic recount (workers job adminStats):');
    for (const [title, query] of Object.entries(RECOUNT_READS)) await explain(title, query);
  } finally {
    if (gateway) await stopChild(gateway);
    await client.close();
    await database.drop();
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
  }
}
