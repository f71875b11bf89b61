/**
 * `pnpm restore <file> [--into <database> | --force]`: a backup of `pnpm backup` (any
 * `pg_dump -Fc` archive) restored with `pg_restore --no-owner --exit-on-error
 * --single-transaction`, so a restore that fails leaves nothing half-done.
 *
 * Nothing that exists is overwritten or dropped:
 * - `pnpm restore <file>`: into the platform's database (DATABASE_URL, else the embedded one),
 *   created if missing; refused if it holds any table or schema of its own.
 * - `--into <database>`: into a new database of that name on the same server (refused if it
 *   exists), to look at a backup or check it, while the platform runs on.
 * - `--force`: the platform's database is replaced, but kept: the backup is restored into a new
 *   database, then, with nothing connected to the platform's database (the platform stopped),
 *   the old one is renamed `<name>_before_restore_<time>` and the new one takes its name, both
 *   renames in one transaction. Drop the old one once satisfied.
 *
 * Prints what it did, and a line a script can parse: `RESTORED database=<name> tables=<n>`.
 * Exit 0 when done, 1 when refused or failed, 2 for a usage or configuration error.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, type DbClient } from '@app/db';
import {
  connectionFor,
  databaseName,
  nameBeside,
  quoteIdent,
  readArchiveHeader,
  requireProgram,
  runProgram,
  withDatabase,
} from './lib/pg-tools.ts';
import {
  type OpsConfig,
  type PlatformDatabase,
  programSearch,
  runWithDatabase,
  serverVersion,
} from './lib/platform-db.ts';
import { redactUrl } from './lib/services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: pnpm restore <file> [--into <database> | --force]';

class Refused extends Error {}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(/[-:]/g, '').replace('T', '_');

type Args = { file: string; into?: string; force: boolean };

function parse(): Args | string {
  try {
    const { values, positionals } = parseArgs({
      options: { into: { type: 'string' }, force: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) return 'name one backup file';
    if (values.into !== undefined && values.force) return '--into and --force do not go together';
    if (values.into !== undefined && !/^[\w-]{1,63}$/.test(values.into)) {
      return '--into takes a database name of letters, digits, _ and - (at most 63)';
    }
    return { file, into: values.into, force: values.force };
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** A connection to the server's maintenance database, for creating and renaming databases. */
async function maintenance(url: string): Promise<DbClient & { url: string }> {
  let last: unknown;
  for (const name of ['postgres', 'template1']) {
    const client = createDb(withDatabase(url, name), { max: 1, applicationName: 'restore' });
    try {
      await client.sql`select 1`;
      return { ...client, url: withDatabase(url, name) };
    } catch (err) {
      last = err;
      await client.close();
    }
  }
  throw last;
}

async function exists(admin: DbClient, name: string): Promise<boolean> {
  const rows = await admin.sql`select 1 from pg_database where datname = ${name}`;
  return rows.length > 0;
}

/** Tables, views and sequences, and schemas besides public, that the database holds. */
async function contents(url: string): Promise<{ tables: number; relations: number; schemas: number }> {
  const client = createDb(url, { max: 1, applicationName: 'restore' });
  try {
    const [row] = await client.sql<{ tables: number; relations: number; schemas: number }[]>`
      select
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%') as tables,
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%') as relations,
        (select count(*)::int from pg_namespace
          where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%') as schemas`;
    return row ?? { tables: 0, relations: 0, schemas: 0 };
  } finally {
    await client.close();
  }
}

async function sessionsOn(admin: DbClient, name: string): Promise<number> {
  const [row] = await admin.sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
  return row?.n ?? 0;
}

const stopFirst = (name: string, n: number) =>
  new Refused(
    `${n} session${n === 1 ? ' is' : 's are'} connected to "${name}": stop the platform (its gateways and workers) first, then run the restore again.`,
  );

async function restore(args: Args, database: PlatformDatabase, config: OpsConfig) {
  const file = resolve(config.cwd, args.file);
  const header = readArchiveHeader(file);
  const admin = await maintenance(database.url);
  let created: string | undefined;
  try {
    const server = await serverVersion(admin.url);
    const pgRestore = requireProgram(
      'pg_restore',
      header.dumpMajor,
      `${file} was written by pg_dump ${header.dumpVersion}`,
      programSearch(config),
    );
    const platformName = databaseName(database.url);
    console.log(
      `Backup ${file}: database "${header.dbname}" of PostgreSQL ${header.serverVersion}, written by pg_dump ${header.dumpVersion}.`,
    );
    console.log(`Server: ${database.where} (PostgreSQL ${server.version}).`);
    const [dumpedMajor] = header.serverVersion.split('.').map(Number);
    if (dumpedMajor && server.major < dumpedMajor) {
      console.log(`  The server is older than the one backed up: the restore may fail on what it lacks.`);
    }

    // Where the archive goes, and what happens to the platform's database.
    let target: string;
    let swap = false;
    if (args.into !== undefined) {
      target = args.into;
      if (await exists(admin, target)) {
        throw new Refused(`A database "${target}" exists already: name a new one with --into.`);
      }
    } else if (!(await exists(admin, platformName))) {
      target = platformName;
    } else {
      const found = await contents(database.url);
      if (found.relations === 0 && found.schemas === 0) {
        target = platformName;
      } else if (!args.force) {
        throw new Refused(
          `The database "${platformName}" is not empty (${found.tables} tables): nothing was changed.\n` +
            `  To look at the backup beside it: pnpm restore ${args.file} --into <new database>\n` +
            `  To replace it (it is kept under another name): stop the platform, then pnpm restore ${args.file} --force`,
        );
      } else {
        const n = await sessionsOn(admin, platformName);
        if (n > 0) throw stopFirst(platformName, n);
        target = nameBeside(platformName, `_restore_${stamp(new Date())}`);
        swap = true;
      }
    }

    if (!(await exists(admin, target))) {
      await admin.sql.unsafe(`create database ${quoteIdent(target)}`);
      created = target;
    }
    const targetUrl = withDatabase(database.url, target);
    console.log(`Restoring into "${target}" with ${pgRestore.path} (${pgRestore.version})…`);
    const { dbname, env } = connectionFor(targetUrl);
    await runProgram(
      pgRestore.path,
      [
        '--no-owner',
        // Grants name roles of the server backed up, which another server may not have.
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--no-password',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    const { tables } = await contents(targetUrl);

    let finalName = target;
    if (swap) {
      const n = await sessionsOn(admin, platformName);
      if (n > 0) {
        created = undefined; // the restored copy is kept for a second try
        throw stopFirst(platformName, n);
      }
      const kept = nameBeside(platformName, `_before_restore_${stamp(new Date())}`);
      await admin.sql.begin(async (tx) => {
        await tx.unsafe(`alter database ${quoteIdent(platformName)} rename to ${quoteIdent(kept)}`);
        await tx.unsafe(`alter database ${quoteIdent(target)} rename to ${quoteIdent(platformName)}`);
      });
      finalName = platformName;
      console.log(
        `The database "${platformName}" was replaced; its previous contents are kept as "${kept}".`,
      );
      console.log(`  Once satisfied: drop database "${kept}";`);
    }
    created = undefined;
    console.log(
      `Restored ${tables} tables into "${finalName}" (${redactUrl(withDatabase(database.url, finalName))}).`,
    );
    if (args.into !== undefined) {
      console.log(
        `  The platform still uses "${platformName}"; point DATABASE_URL at "${finalName}" to use this one.`,
      );
    }
    console.log(`RESTORED database=${encodeURIComponent(finalName)} tables=${tables}`);
  } finally {
    // A restore that failed into a database made for it leaves no empty database behind.
    if (created) await admin.sql.unsafe(`drop database if exists ${quoteIdent(created)}`).catch(() => {});
    await admin.close();
  }
}

const args = parse();
if (typeof args === 'string') {
  console.error(`${args}\n${USAGE}`);
  process.exit(2);
}
await runWithDatabase('Restore', ROOT, async (database, config) => {
  try {
    await restore(args, database, config);
    return 0;
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    console.error(err.message);
    return 1;
  }
});
