import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { sqlFunctionFiles } from './sql-functions.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Apply the committed migrations, then the functions of db/sql (src/sql-functions.ts). Safe to
 * run on every start: applied migrations are skipped, functions are replaced by their files.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Serialise concurrent starters (two workers booting together) on one advisory lock.
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });
    await sql.begin(async (tx) => {
      for (const file of sqlFunctionFiles()) await tx.unsafe(file.text);
    });
  } finally {
    await sql`select pg_advisory_unlock(727274)`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
}
