import { createHash } from 'node:crypto';

/**
 * What the servers' loggers must never write, and how a database error is written instead of
 * its text. Both the gateway's and the workers' pino loggers take these, so one list decides.
 *
 * A failed query carries its values in several places: Drizzle's DrizzleQueryError puts the
 * statement and every parameter in its message ("Failed query: … params: …") and fields;
 * postgres.js attaches `query`, `parameters` and `args` to its PostgresError; and Postgres
 * itself quotes the offending value in the DETAIL of a constraint violation ("Key
 * (email)=(…) already exists", "Failing row contains (…)") and in the message of a data
 * exception ('invalid input syntax for type uuid: "…"'). A password hash, an email or a bank
 * account number is one insert away from any of them, so a database error is logged by what
 * identifies it (SQLSTATE, constraint, table, column, a short name of the statement) and never
 * by its text.
 */

/** Field names whose values are secrets or personal data wherever they appear in a log object. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'oldPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'jwtSecret',
  'secret',
  'authorization',
  'cookie',
  'bankAccountNumber',
  'accountNumber',
  'email',
] as const;

/**
 * pino `redact` paths: the request and response headers Fastify or a plugin may log, and each
 * secret field at the top of a log object or one or two objects down (`{ body: { password } }`,
 * `{ user: { bank: { bankAccountNumber } } }`).
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'request.headers.authorization',
  'request.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
];

export const LOG_REDACT_CENSOR = '[REDACTED]';

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown; name?: unknown };

const isObject = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isSqlState = (v: unknown): v is string => typeof v === 'string' && /^[0-9A-Z]{5}$/.test(v);

/** The error and the causes behind it, outermost first (bounded: a cause chain can loop). */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let e: unknown = error;
  while (isObject(e) && chain.length < 6 && !chain.includes(e)) {
    chain.push(e);
    e = e.cause;
  }
  return chain;
}

/** A driver error from Postgres itself: it has a SQLSTATE and a severity. */
const isPostgresError = (e: ErrorLike) => isSqlState(e.code) && typeof e.severity === 'string';

/**
 * An error that carries a statement: Drizzle's DrizzleQueryError (`query` and `params`) or a
 * postgres.js error (`query` and `parameters`, not enumerable unless its debug mode is on).
 */
const queryOf = (e: ErrorLike): string | undefined =>
  typeof e.query === 'string' && ('params' in e || 'parameters' in e) ? e.query : undefined;

const SQL_VERB =
  /^\s*(select|insert|update|delete|with|call|create|alter|drop|truncate|begin|commit|rollback|savepoint|release|lock|copy|set|show|listen|notify)\b/i;
const SQL_TARGET =
  /\b(?:from|into|update|join|table)\s+((?:"[^"]+"|[a-z_][\w$]*)(?:\.(?:"[^"]+"|[a-z_][\w$]*))?)/i;

/**
 * A short name of a statement that holds none of its values: its verb, the first table or
 * function it names, and a hash of its text (parameters are `$n` placeholders in that text),
 * so the log lines of one statement can be found together: `insert users #1a2b3c4d`.
 */
export function statementName(text: string): string {
  const verb = SQL_VERB.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const target = SQL_TARGET.exec(text)?.[1]?.replaceAll('"', '');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return [verb, target, `#${hash}`].filter(Boolean).join(' ');
}

/**
 * Classes of SQLSTATE whose message quotes data (22: data exception, "invalid input syntax for
 * type uuid: "…""; 23: integrity constraint violation, whose DETAIL holds the row). Their
 * message is left out; the others' messages name objects and states, not values.
 */
const QUOTES_VALUES = new Set(['22', '23']);

export type LoggedDatabaseError = {
  type: string;
  message: string;
  stack?: string;
  sqlstate?: string;
  severity?: string;
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
};

/** The error's class: its `name`, or its constructor's when the name is Error's (Drizzle's). */
function typeName(e: ErrorLike): string {
  const name = str(e.name);
  if (name && name !== 'Error') return name;
  const ctor: unknown = Object.getPrototypeOf(e)?.constructor;
  return (typeof ctor === 'function' && str(ctor.name)) || name || 'Error';
}

/** The stack's frames only: its first line repeats the message, which may hold values. */
function framesOf(stack: unknown): string {
  return typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';
}

/**
 * How a database error is logged: undefined for any error that neither is one nor is caused by
 * one (log those as usual). Only identifiers: never the statement's text, its parameters, the
 * DETAIL, HINT or WHERE of Postgres, nor the message of a SQLSTATE class that quotes values.
 */
export function loggedDatabaseError(error: unknown): LoggedDatabaseError | undefined {
  const chain = chainOf(error);
  const pg = chain.find(isPostgresError);
  const query = chain.map(queryOf).find(Boolean);
  if (!pg && query === undefined) return undefined;
  const top = chain[0] as ErrorLike;
  const type = typeName(top);
  const sqlstate = pg ? (pg.code as string) : undefined;
  const pgMessage = pg && sqlstate && !QUOTES_VALUES.has(sqlstate.slice(0, 2)) ? str(pg.message) : undefined;
  const ownsMessage = top !== pg && queryOf(top) === undefined;
  const message = ownsMessage
    ? (str(top.message) ?? type)
    : [`database error${sqlstate ? ` ${sqlstate}` : ''}`, pgMessage].filter(Boolean).join(': ');
  const frames = framesOf(top.stack);
  const logged: LoggedDatabaseError = {
    type,
    message,
    stack: frames ? `${type}: ${message}\n${frames}` : undefined,
    sqlstate,
    severity: pg ? str(pg.severity) : undefined,
    statement: query === undefined ? undefined : statementName(query),
    constraint: pg ? str(pg.constraint_name) : undefined,
    table: pg ? str(pg.table_name) : undefined,
    column: pg ? str(pg.column_name) : undefined,
    dataType: pg ? str(pg.data_type_name) : undefined,
    routine: pg ? str(pg.routine) : undefined,
  };
  for (const key of Object.keys(logged) as (keyof LoggedDatabaseError)[])
    if (logged[key] === undefined) delete logged[key];
  return logged;
}

/**
 * A pino serializer for `err` (and `error`): database errors as `loggedDatabaseError` gives
 * them, anything else through `fallback` (pino's standard error serializer).
 */
export function logSafeErrorSerializer(fallback: (error: Error) => unknown): (value: unknown) => unknown {
  return (value) => {
    const logged = loggedDatabaseError(value);
    if (logged) return logged;
    return value instanceof Error ? fallback(value) : value;
  };
}
