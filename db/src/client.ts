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
    // After a lost connection postgres.js waits before connecting again, and queries wait for
    // it: by default 3^n/100 s, up to 20 s, so that a restart of a few seconds held requests
    // for ten. Capped at 1 s, a query finds the server within a second of its return, or fails
    // (and the gateway answers 503) instead of hanging.
    backoff: (attempts: number) => Math.min(0.05 * 2 ** attempts, 1),
    connect_timeout: 10,
  });
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}

export type DbClient = ReturnType<typeof createDb>;
export type Db = DbClient['db'];
/** A transaction handle, accepted wherever a `Db` is, so repositories run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
