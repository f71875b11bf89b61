import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * PostgreSQL's client programs (pg_dump, pg_restore) for `pnpm backup` and `pnpm restore`.
 *
 * pg_dump refuses a server of a newer major version than its own, and a newer pg_dump writes
 * statements an older server may refuse when the dump is restored (a `SET` of a setting the
 * older server does not know): the right program is the oldest one whose major version is at
 * least the server's. Several versions live side by side on many machines (Debian's
 * /usr/lib/postgresql/<major>/bin, Homebrew's postgresql@<major>), so every known place is
 * looked at, not only PATH.
 */

export type PgProgram = 'pg_dump' | 'pg_restore';

export type FoundProgram = { path: string; major: number; version: string };

/** Folders where PostgreSQL installs keep their programs, one per installed version. */
function versionedDirs(): string[] {
  const globs: Array<[string, (name: string) => string | undefined]> = [
    ['/usr/lib/postgresql', (n) => join('/usr/lib/postgresql', n, 'bin')],
    ['/usr', (n) => (n.startsWith('pgsql-') ? join('/usr', n, 'bin') : undefined)],
    [
      '/opt/homebrew/opt',
      (n) => (n.startsWith('postgresql') ? join('/opt/homebrew/opt', n, 'bin') : undefined),
    ],
    ['/usr/local/opt', (n) => (n.startsWith('postgresql') ? join('/usr/local/opt', n, 'bin') : undefined)],
    [
      '/Applications/Postgres.app/Contents/Versions',
      (n) => join('/Applications/Postgres.app/Contents/Versions', n, 'bin'),
    ],
  ];
  return globs.flatMap(([parent, dirOf]) => {
    try {
      return readdirSync(parent).flatMap((name) => dirOf(name) ?? []);
    } catch {
      return [];
    }
  });
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15 and "15.20". */
export function parseVersion(output: string): { major: number; version: string } | undefined {
  const match = /\(PostgreSQL\)\s+((\d+)(?:\.\d+)*)/.exec(output);
  return match?.[1] && match[2] ? { version: match[1], major: Number(match[2]) } : undefined;
}

/**
 * Every copy of `program` found, with its version: in `only` when given (PG_BIN_DIR), else in
 * `extraDirs`, the versioned install folders and PATH.
 */
export function findPrograms(
  program: PgProgram,
  options: { only?: string; extraDirs?: string[]; path?: string } = {},
): FoundProgram[] {
  const dirs = options.only
    ? [options.only]
    : [...(options.extraDirs ?? []), ...versionedDirs(), ...(options.path ?? '').split(delimiter)];
  const seen = new Set<string>();
  const found: FoundProgram[] = [];
  for (const dir of dirs) {
    if (!dir) continue;
    const path = join(dir, program);
    if (!existsSync(path)) continue;
    const real = realpathSync(path);
    if (seen.has(real)) continue;
    seen.add(real);
    const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    const parsed = run.status === 0 ? parseVersion(run.stdout) : undefined;
    // The same version again (a wrapper on PATH for one of the versioned folders) adds nothing.
    if (parsed && !found.some((p) => p.version === parsed.version)) found.push({ path, ...parsed });
  }
  return found;
}

/** The oldest program of at least `minMajor` (the first found among equals), if any. */
export function pickProgram(found: FoundProgram[], minMajor: number): FoundProgram | undefined {
  let best: FoundProgram | undefined;
  for (const p of found) {
    if (p.major >= minMajor && (!best || p.major < best.major)) best = p;
  }
  return best;
}

export class MissingProgramError extends Error {
  override name = 'MissingProgramError';
}

/** The program to use, or an error that says what was found and how to get the right one. */
export function requireProgram(
  program: PgProgram,
  minMajor: number,
  why: string,
  options: Parameters<typeof findPrograms>[1] = {},
): FoundProgram {
  const found = findPrograms(program, options);
  const picked = pickProgram(found, minMajor);
  if (picked) return picked;
  const seen = found.length
    ? `found only ${found.map((p) => `${p.version} (${p.path})`).join(', ')}`
    : `found none${options.only ? ` in PG_BIN_DIR (${options.only})` : ''}`;
  throw new MissingProgramError(
    `${why}, so ${program} must be version ${minMajor} or newer; ${seen}.\n` +
      `Install the PostgreSQL ${minMajor} client programs (Debian/Ubuntu: postgresql-client-${minMajor} from the PostgreSQL project's apt repository; macOS: brew install postgresql@${minMajor}) and, if they are not on PATH, set PG_BIN_DIR to their bin folder.`,
  );
}

/**
 * How a client program reaches the database without the password on its command line (where
 * `ps` would show it) or in anything printed: the URL without it, the password in PGPASSWORD.
 */
export function connectionFor(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : u.searchParams.get('password');
  u.password = '';
  u.searchParams.delete('password');
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** `name` + `suffix`, `name` shortened so the whole fits PostgreSQL's 63 bytes (it would cut the end off itself, silently). */
export function nameBeside(name: string, suffix: string): string {
  let base = name;
  while (Buffer.byteLength(base + suffix) > 63) base = base.slice(0, -1);
  return base + suffix;
}

/** A database name for SQL text: quoted, so any name is taken literally. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Run a client program, its output passed through to ours; resolves on success, rejects with
 * its exit status otherwise.
 */
export function runProgram(path: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

export type ArchiveHeader = {
  /** The archive format's version, e.g. "1.14". */
  formatVersion: string;
  dbname: string;
  serverVersion: string;
  dumpVersion: string;
  /** Major version of the pg_dump that wrote it: a pg_restore at least this new reads it. */
  dumpMajor: number;
};

export class NotAnArchiveError extends Error {
  override name = 'NotAnArchiveError';
}

/**
 * The header of a custom-format archive (`pg_dump -Fc`), read without any PostgreSQL program:
 * which pg_restore can read the file depends on the pg_dump that wrote it, named in here.
 * Layout: pg_dump's pg_backup_archiver.c, WriteHead().
 */
export function readArchiveHeader(file: string): ArchiveHeader {
  const buf = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  let length: number;
  try {
    length = readSync(fd, buf, 0, buf.length, 0);
  } finally {
    closeSync(fd);
  }
  const head = buf.subarray(0, length);
  const fail = (why: string): never => {
    throw new NotAnArchiveError(`${file} is not a backup made by pg_dump -Fc (${why})`);
  };
  if (head.subarray(0, 5).toString('latin1') !== 'PGDMP') fail('no PGDMP signature');
  let at = 5;
  const byte = () => {
    if (at >= head.length) fail('the header is cut short');
    return head[at++] as number;
  };
  const [vmaj, vmin] = [byte(), byte(), byte()];
  const intSize = byte();
  byte(); // offset size
  if (byte() !== 1) fail('not the custom format');
  // An int: a sign byte, then intSize bytes, least significant first.
  const int = () => {
    const negative = byte() !== 0;
    let value = 0;
    for (let i = 0; i < intSize; i++) value += byte() * 2 ** (8 * i);
    return negative ? -value : value;
  };
  const str = () => {
    const n = int();
    if (n < 0) return '';
    if (at + n > head.length) fail('the header is cut short');
    const s = head.subarray(at, at + n).toString('utf8');
    at += n;
    return s;
  };
  // Format 1.15 (PostgreSQL 16) replaced the compression level by one byte naming the algorithm.
  if (vmaj > 1 || vmin >= 15) byte();
  else int();
  for (let i = 0; i < 7; i++) int(); // the dumping machine's local time, field by field
  const dbname = str();
  const serverVersion = str();
  const dumpVersion = str();
  const dumpMajor = Number(/^(\d+)/.exec(dumpVersion)?.[1]);
  if (!Number.isInteger(dumpMajor)) fail('no pg_dump version in the header');
  return {
    formatVersion: `${vmaj}.${vmin}`,
    dbname,
    serverVersion,
    dumpVersion,
    dumpMajor,
  };
}
