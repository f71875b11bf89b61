import { getTableColumns, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { DbOrTx } from './client.ts';
import { fromDatabaseError, type RefusalContext } from './errors.ts';
import { type TradeRow, trades } from './schema/trades.ts';

/** A parameter of a db/sql function, with the type it is cast to. */
export type SqlArg = readonly [value: string | number | null, type: string];

/**
 * Call a function of db/sql as one statement: `select <columns> from <fn>(<args>) r`. On the
 * pool it is a prepared statement (one round trip once prepared); given a transaction it runs in
 * a savepoint, so a refusal leaves the caller's transaction usable. A refusal comes back as its
 * MoneyError (src/errors.ts), anything else as it was thrown.
 */
export async function callSqlFunction<R extends Record<string, unknown>>(
  db: DbOrTx,
  fn: string,
  columns: string,
  args: readonly SqlArg[],
  ctx: RefusalContext = {},
): Promise<R[]> {
  try {
    if ('$client' in db) {
      const text = `select ${columns} from ${fn}(${args.map(([, type], i) => `$${i + 1}::${type}`).join(', ')}) r`;
      return await db.$client.unsafe<R[]>(
        text,
        args.map(([value]) => value),
        { prepare: true },
      );
    }
    const params = args.map(([value, type]) => sql`${value}::${sql.raw(type)}`);
    const rows = await db.transaction((sp) =>
      sp.execute<R>(sql`select ${sql.raw(columns)} from ${sql.raw(fn)}(${sql.join(params, sql`, `)}) r`),
    );
    return Array.from(rows) as R[];
  } catch (error) {
    throw fromDatabaseError(error, ctx) ?? error;
  }
}

/** The columns of a function's `o_trade trades` output, next to its other outputs. */
export const TRADE_OUTPUT = '(r.o_trade).*';

const casing = new CasingCache('snake_case');
const TRADE_COLUMNS = Object.entries(getTableColumns(trades)).map(
  ([key, column]) => [key, casing.getColumnCasing(column), column] as const,
);

/** A trades row as the driver returns it, mapped the way Drizzle maps a select. */
export function toTradeRow(raw: Record<string, unknown>): TradeRow {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of TRADE_COLUMNS) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TradeRow;
}
