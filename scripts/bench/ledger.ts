/**
 * Ledger trigger benchmark (`pnpm bench ledger`): what the double-entry triggers cost per
 * journal entry, with the triggers of migration 0009 ("now"), with those of migration 0003 they
 * replaced ("0003": a deferred count and sum per entry and per posting), and with none (the
 * floor). Three databases of the test server: a fresh migrated one, and two copies of it with
 * the 0003 triggers put back, or both balance triggers dropped.
 *
 * Two shapes of 1,000 balanced two-posting entries, each one transaction, run in the server
 * (a DO block or one statement), so no network round trip is in the figures:
 *   - batch: one statement writes the 1,000 entries and their 2,000 postings (settle_expiry's
 *     shape: a batch of SETTLEMENT_EXPIRY_BATCH = 1,000 trades writes an entry per credit);
 *   - one by one: an INSERT of the entry, then one of its two postings, 1,000 times (a single
 *     posting, a placement or a single settlement writes one entry so).
 * Prints the median over BENCH_LEDGER_RUNS (9) of the statement(s), the commit (where the
 * deferred triggers run) and both, and the triggers' cost per entry over the floor. The
 * entries move +x and -x on the `adjustments` account: no balance changes. A measurement,
 * never a test. BENCH_DATABASE_URL: the server (default: the test server's postgres database).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb, type DbClient } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const RUNS = Number(process.env.BENCH_LEDGER_RUNS ?? 9);
const ENTRIES = 1000;

const log = (text: string) => console.log(`[bench] ${text}`);

/** Migration 0003's double-entry triggers, as they were before 0009. */
const TRIGGERS_0003 = `
  DROP TRIGGER postings_balanced ON postings;
  CREATE FUNCTION ledger_assert_balanced(entry bigint) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE n integer; total numeric;
  BEGIN
    SELECT count(*), coalesce(sum(amount), 0) INTO n, total FROM postings WHERE entry_id = entry;
    IF n < 2 OR total <> 0 THEN
      RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to %', entry, n, total
        USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
    END IF;
  END $$;
  CREATE OR REPLACE FUNCTION journal_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM ledger_assert_balanced(NEW.id); RETURN NULL; END $$;
  CREATE OR REPLACE FUNCTION postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM ledger_assert_balanced(NEW.entry_id); RETURN NULL; END $$;
  CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION postings_balanced();`;

const NO_TRIGGERS = `
  DROP TRIGGER postings_balanced ON postings;
  DROP TRIGGER journal_entries_balanced ON journal_entries;`;

const ACCOUNT = `(SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'adjustments')`;

const WORKLOADS = {
  batch: `
    WITH e AS (INSERT INTO journal_entries (type, remarks)
               SELECT 'admin_adjustment', 'bench' FROM generate_series(1, ${ENTRIES}) RETURNING id)
    INSERT INTO postings (entry_id, account_id, amount)
    SELECT e.id, ${ACCOUNT}, s.amount FROM e CROSS JOIN (VALUES (100), (-100)) s(amount) ORDER BY e.id`,
  'one by one': `
    DO $$
    DECLARE v bigint; a bigint := ${ACCOUNT};
    BEGIN
      FOR i IN 1..${ENTRIES} LOOP
        INSERT INTO journal_entries (type, remarks) VALUES ('admin_adjustment', 'bench') RETURNING id INTO v;
        INSERT INTO postings (entry_id, account_id, amount) VALUES (v, a, 100), (v, a, -100);
      END LOOP;
    END $$`,
} as const;
type Workload = keyof typeof WORKLOADS;

const VARIANTS = ['now', '0003', 'none'] as const;
type Variant = (typeof VARIANTS)[number];

type Timing = { statement: number; commit: number };
type Sql = DbClient['sql'];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const fmt = (v: number) => `${v.toFixed(1)} ms`.padStart(10);

async function once(sql: Sql, workload: Workload): Promise<Timing> {
  const conn = await sql.reserve();
  try {
    await conn.unsafe('BEGIN');
    const t0 = performance.now();
    await conn.unsafe(WORKLOADS[workload]);
    const t1 = performance.now();
    await conn.unsafe('COMMIT');
    const t2 = performance.now();
    return { statement: t1 - t0, commit: t2 - t1 };
  } finally {
    conn.release();
  }
}

export async function runLedgerBench(): Promise<void> {
  log(
    `ledger triggers: ${ENTRIES} two-posting entries per transaction, median of ${RUNS}; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  const fresh = await createTestDatabase(ADMIN_URL);
  const admin = createDb(ADMIN_URL, { max: 1 });
  const names: Record<Variant, string> = {
    now: fresh.name,
    '0003': `${fresh.name}_0003`,
    none: `${fresh.name}_none`,
  };
  const pools = new Map<Variant, DbClient>();
  try {
    for (const [variant, ddl] of [
      ['0003', TRIGGERS_0003],
      ['none', NO_TRIGGERS],
    ] as const) {
      await admin.sql.unsafe(`CREATE DATABASE "${names[variant]}" TEMPLATE "${fresh.name}"`);
      const db = createDb(withDatabase(ADMIN_URL, names[variant]), { max: 1 });
      await db.sql.unsafe(ddl);
      await db.close();
    }
    for (const variant of VARIANTS) {
      pools.set(variant, createDb(withDatabase(ADMIN_URL, names[variant]), { max: 1 }));
    }

    const results = new Map<string, Timing[]>();
    for (const workload of Object.keys(WORKLOADS) as Workload[]) {
      // A warm-up each, then the variants in turn, so a busy moment of the machine hits all three.
      const sqlOf = (variant: Variant) => (pools.get(variant) as DbClient).sql;
      for (const variant of VARIANTS) await once(sqlOf(variant), workload);
      for (let run = 0; run < RUNS; run++) {
        for (const variant of VARIANTS) {
          const key = `${workload}|${variant}`;
          results.set(key, [...(results.get(key) ?? []), await once(sqlOf(variant), workload)]);
        }
      }
    }

    console.log(
      `\n${'workload'.padEnd(12)}${'triggers'.padEnd(10)}${'statement'.padStart(10)}${'commit'.padStart(10)}${'total'.padStart(10)}   triggers per entry`,
    );
    for (const workload of Object.keys(WORKLOADS) as Workload[]) {
      const total = (v: Variant) =>
        median((results.get(`${workload}|${v}`) ?? []).map((t) => t.statement + t.commit));
      const floor = total('none');
      for (const variant of VARIANTS) {
        const timings = results.get(`${workload}|${variant}`) ?? [];
        const over =
          variant === 'none' ? '' : `${(((total(variant) - floor) / ENTRIES) * 1000).toFixed(1)} µs`;
        console.log(
          `${workload.padEnd(12)}${variant.padEnd(10)}${fmt(median(timings.map((t) => t.statement)))}${fmt(
            median(timings.map((t) => t.commit)),
          )}${fmt(total(variant))}   ${over}`,
        );
      }
    }
    log(`load average after: ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    for (const pool of pools.values()) await pool.close();
    for (const variant of ['0003', 'none'] as const) {
      await admin.sql.unsafe(`DROP DATABASE IF EXISTS "${names[variant]}" WITH (FORCE)`);
    }
    await admin.close();
    await fresh.drop();
  }
}
