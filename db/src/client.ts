import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type DbOptions = { max?: number; onnotice?: (n: postgres.Notice) => void; applicationName?: string };

/** One postgres.js pool and its Drizzle client. Close with `close()`. */
export function createDb(url: string, options: DbOptions = {}) {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: options.onnotice ?? (() => {}),
    connection: { application_name: options.applicationName ?? 'app' },
    // bigint columns come back as JS bigint; money never passes through a float.
    types: { bigint: postgres.BigInt },
  });
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}

export type DbClient = ReturnType<typeof createDb>;
export type Db = DbClient['db'];
/** A transaction handle, accepted wherever a `Db` is, so repositories run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
