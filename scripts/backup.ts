/**
 * `pnpm backup [--dir <folder>]`: the platform's database, dumped by pg_dump in its custom
 * format (compressed; `pnpm restore` and pg_restore read it) to
 * `<folder>/<database>-<UTC time>.dump`.
 *
 * The database is DATABASE_URL, else the embedded one of `pnpm start` (started for the backup
 * and stopped after it when the platform is not running). The folder is --dir, else
 * BACKUP_DIR, else backups/ in the repository. The file is readable by its owner alone (it
 * holds password hashes, emails and bank details) and appears only once the dump is complete.
 * docs/operations.md says when to run it and how to restore.
 *
 * Prints the file and its size, and a line a script can parse: `BACKUP file=<path> bytes=<n>`.
 * Exit 0 when done, 1 when the backup failed, 2 for a usage or configuration error.
 */
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  connectionFor,
  databaseName,
  readArchiveHeader,
  requireProgram,
  runProgram,
} from './lib/pg-tools.ts';
import {
  type OpsConfig,
  type PlatformDatabase,
  programSearch,
  runWithDatabase,
  serverVersion,
} from './lib/platform-db.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: pnpm backup [--dir <folder>]';

/** 2026-11-26T01:04:18.123Z → 20261126T010418Z */
const stamp = (at: Date) => `${at.toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function parse(): { dir?: string } | string {
  try {
    return parseArgs({ options: { dir: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function backup(database: PlatformDatabase, config: OpsConfig, dirArg?: string): Promise<number> {
  const dir = dirArg ? resolve(config.cwd, dirArg) : config.backupDir;
  let partial: string | undefined;
  try {
    const name = databaseName(database.url);
    console.log(`Backing up database "${name}" of ${database.where}`);
    const server = await serverVersion(database.url);
    const pgDump = requireProgram(
      'pg_dump',
      server.major,
      `The database server runs PostgreSQL ${server.version}`,
      programSearch(config),
    );
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `${name.replaceAll(/[^\w.-]/g, '_')}-${stamp(new Date())}.dump`);
    if (existsSync(file)) throw new Error(`${file} exists already; run the backup again in a second.`);
    partial = `${file}.partial`;
    console.log(`  PostgreSQL ${server.version}, with ${pgDump.path} (${pgDump.version})…`);
    const { dbname, env } = connectionFor(database.url);
    await runProgram(
      pgDump.path,
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    chmodSync(partial, 0o600);
    readArchiveHeader(partial); // a file pg_restore will recognise
    renameSync(partial, file);
    partial = undefined;
    const bytes = statSync(file).size;
    console.log(`Backup written: ${file} (${size(bytes)})`);
    console.log(`BACKUP file=${encodeURI(file)} bytes=${bytes}`);
    return 0;
  } finally {
    if (partial) rmSync(partial, { force: true });
  }
}

const args = parse();
if (typeof args === 'string') {
  console.error(`${args}\n${USAGE}`);
  process.exit(2);
}
await runWithDatabase('Backup', ROOT, (database, config) => backup(database, config, args.dir));
