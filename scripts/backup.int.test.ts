/**
 * `pnpm backup` and `pnpm restore` as an operator runs them, in child processes: a database
 * seeded with users, trades (running and settled) and their ledger entries is backed up,
 * restored into a new database, and the copy holds the same money and the same trades;
 * a restore over a database in use is refused, and `--force` replaces it but keeps the old one.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, placeTrade, seed, settleTrade } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  at,
  createUser,
  fund,
  placement,
  settingWithPayout,
  uniqueSymbol,
  writeTick,
} from '../db/src/money.fixtures.ts';
import { findPrograms, pickProgram, readArchiveHeader, withDatabase } from './lib/pg-tools.ts';
import { startEmbedded } from './lib/postgres.ts';
import { canConnect, freePort } from './lib/services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = inject('adminDatabaseUrl');

type Run = { code: number | null; out: string; err: string };

/** `pnpm <args>` from the repository root, as a user types it. */
function pnpm(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', ...args], {
      cwd: ROOT,
      env: { ...inherited, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

/** What must survive a backup: money per account and in total, trades, users. */
async function fingerprint(url: string) {
  const client = createDb(url, { max: 1 });
  try {
    const perAccount = await client.sql<{ id: string; kind: string; balance: string | null; sum: string }[]>`
      select a.id::text, a.kind::text, a.balance::text, coalesce(sum(p.amount), 0)::text as sum
      from ledger_accounts a left join postings p on p.account_id = a.id
      group by a.id order by a.id`;
    const [totals] = await client.sql<{ total: string; postings: number; entries: number }[]>`
      select coalesce(sum(amount), 0)::text as total, count(*)::int as postings,
             (select count(*)::int from journal_entries) as entries
      from postings`;
    const [tradeRows] = await client.sql<{ n: number; checksum: string; statuses: string }[]>`
      select count(*)::int as n,
             md5(coalesce(string_agg(id::text || ':' || amount || ':' || status || ':' || coalesce(payout::text, '-'), ',' order by id), '')) as checksum,
             coalesce(string_agg(distinct status::text, ',' order by status::text), '') as statuses
      from trades`;
    const [userRows] = await client.sql<{ n: number }[]>`select count(*)::int as n from users`;
    return { perAccount, totals, trades: tradeRows, users: userRows?.n };
  } finally {
    await client.close();
  }
}

async function dropDatabase(name: string) {
  const admin = createDb(adminUrl, { max: 1 });
  try {
    await admin.sql.unsafe(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await admin.close();
  }
}

async function databasesLike(prefix: string): Promise<string[]> {
  const admin = createDb(adminUrl, { max: 1 });
  try {
    const rows = await admin.sql<{ datname: string }[]>`
      select datname from pg_database where starts_with(datname, ${prefix}) order by datname`;
    return rows.map((r) => r.datname);
  } finally {
    await admin.close();
  }
}

let source: Awaited<ReturnType<typeof createTestDatabase>>;
const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
const restoredName = `restored_${Date.now().toString(36)}`;

beforeAll(async () => {
  source = await createTestDatabase(adminUrl);
  const client = createDb(source.url, { max: 4 });
  try {
    const { db } = client;
    await seed(db, { superadmin: { username: 'backupadmin', password: 'a-long-password-1' } });
    const setting = await settingWithPayout(db, 40);
    const symbol = uniqueSymbol('B');
    const entryTick = await writeTick(db, symbol, at(0), 100_000_000n);
    for (let i = 0; i < 4; i++) {
      const userId = await createUser(db);
      await fund(db, userId, 500_000n + BigInt(i) * 1_000n);
      for (const direction of ['up', 'down'] as const) {
        const placed = await placeTrade(
          db,
          placement({ userId, setting, entryTick, direction, amountPaise: 10_000n + BigInt(i) }),
        );
        // Half of them settled (won or lost), half left running.
        if (i % 2 === 0) {
          const expiry = placed.trade.expiresAt.getTime();
          await writeTick(db, symbol, new Date(expiry - 300), 101_000_000n + BigInt(i));
          await writeTick(db, symbol, new Date(expiry + 1_500), 1n);
          await settleTrade(db, placed.trade.id, { staleAfterMs: 5_000, now: new Date(expiry + 2_000) });
        }
      }
    }
  } finally {
    await client.close();
  }
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const name of [restoredName, ...(source ? await databasesLike(`${source.name}_`) : [])]) {
    await dropDatabase(name);
  }
  await source?.drop();
});

describe('pnpm backup and pnpm restore', () => {
  let file: string;

  it('writes a custom-format dump named after the database and the time, readable by its owner alone', async () => {
    const run = await pnpm(['backup', '--dir', dir], { DATABASE_URL: source.url });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const line = /^BACKUP file=(\S+) bytes=(\d+)$/m.exec(run.out);
    expect(line).not.toBeNull();
    file = decodeURI(line?.[1] ?? '');
    expect(file).toMatch(new RegExp(`/${source.name}-\\d{8}T\\d{6}Z\\.dump$`));
    const stat = statSync(file);
    expect(stat.size).toBe(Number(line?.[2]));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(run.out).toContain(`Backup written: ${file}`);
    expect(readArchiveHeader(file).dbname).toBe(source.name);
    const password = new URL(source.url).password;
    if (password) expect(run.out).not.toContain(password);
  });

  it('never prints the password of DATABASE_URL, whether the backup succeeds or not', async () => {
    const url = new URL(source.url);
    url.password = 'not-to-be-printed';
    // A server that trusts local connections ignores it; one that checks it refuses it.
    const run = await pnpm(['backup', '--dir', join(dir, 'other')], { DATABASE_URL: url.toString() });
    expect(`${run.out}${run.err}`).not.toContain('not-to-be-printed');
    expect(`${run.out}${run.err}`).toContain('***');
  });

  it('restores into a new database with the same ledger sums, trades and users', async () => {
    const run = await pnpm(['restore', file, '--into', restoredName], { DATABASE_URL: source.url });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^RESTORED database=${restoredName} tables=\\d+$`, 'm'));

    const before = await fingerprint(source.url);
    const after = await fingerprint(withDatabase(source.url, restoredName));
    expect(before.trades?.n).toBe(8);
    expect(before.trades?.statuses.split(',')).toEqual(expect.arrayContaining(['running']));
    expect(before.trades?.statuses.split(',').length).toBeGreaterThan(1);
    expect(before.totals?.total).toBe('0');
    expect(before.perAccount.some((a) => a.sum !== '0')).toBe(true);
    expect(after).toEqual(before);
  });

  it('refuses to restore over a database that holds tables, and changes nothing', async () => {
    const before = await fingerprint(source.url);
    const run = await pnpm(['restore', file], { DATABASE_URL: source.url });
    expect(run.code).toBe(1);
    expect(run.err).toContain('is not empty');
    expect(await fingerprint(source.url)).toEqual(before);
  });

  it('refuses --into a database that exists', async () => {
    const run = await pnpm(['restore', file, '--into', restoredName], { DATABASE_URL: source.url });
    expect(run.code).toBe(1);
    expect(run.err).toContain('exists already');
  });

  it('--force refuses while sessions use the database, then replaces it and keeps the old one', async () => {
    // The database has moved on since the backup.
    const holder = createDb(source.url, { max: 1, applicationName: 'gateway' });
    try {
      await createUser(holder.db);
      const refused = await pnpm(['restore', file, '--force'], { DATABASE_URL: source.url });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('stop the platform');
    } finally {
      await holder.close();
    }
    const atBackup = await fingerprint(withDatabase(source.url, restoredName));
    const current = await fingerprint(source.url);
    expect(current.users).toBe((atBackup.users ?? 0) + 1);
    const run = await pnpm(['restore', file, '--force'], { DATABASE_URL: source.url });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(await fingerprint(source.url)).toEqual(atBackup);
    const kept = await databasesLike(`${source.name}_before_restore_`);
    expect(kept).toHaveLength(1);
    expect(await fingerprint(withDatabase(source.url, kept[0] ?? ''))).toEqual(current);
  });

  it('refuses a file that is not a backup', async () => {
    const run = await pnpm(['restore', join(ROOT, 'package.json'), '--into', `${restoredName}_x`], {
      DATABASE_URL: source.url,
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('is not a backup made by pg_dump -Fc');
  });
});

describe('pnpm backup of the embedded PostgreSQL of pnpm start', () => {
  it('starts the stopped server for the backup and stops it after, with a pg_dump as new as the server or a message naming the one it needs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'backup-embedded-'));
    // The server runs as the postgres user when the tests run as root.
    chmodSync(dataDir, 0o755);
    try {
      const port = await freePort();
      // What `pnpm start` leaves behind once stopped: a cluster with the platform's database.
      const first = await startEmbedded(join(dataDir, 'postgres'), port);
      await first.stop();
      const major = Number(readFileSync(join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim());
      const usable = pickProgram(findPrograms('pg_dump', { path: process.env.PATH }), major);

      const run = await pnpm(['backup', '--dir', join(dataDir, 'backups')], {
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(port),
      });
      expect(run.out).toContain('started for this command');
      expect(await canConnect('127.0.0.1', port, 500)).toBe(false);
      if (usable) {
        expect(run.code).toBe(0);
        expect(run.out).toMatch(/^BACKUP file=\S+\/app-\d{8}T\d{6}Z\.dump bytes=\d+$/m);
      } else {
        expect(run.code).toBe(1);
        expect(run.err).toContain(`pg_dump must be version ${major} or newer`);
        expect(run.err).toContain('PG_BIN_DIR');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
