import { LimitRefusalError, pgErrorOf } from '@app/db';
import { MSG, retryLaterMessage } from '@app/shared';

/**
 * An error whose message a user may read. Services throw these; the error handler sends
 * them as `{ statusCode, error, message }`. Anything else that escapes becomes a 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** A code a client acts on (shared `REFUSAL_CODES`), sent beside the message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A refusal that passes with time (a rate limit, a locked account: 429; PostgreSQL or Redis
 * away: 503), a message naming the wait, and the wait in seconds, which the error handler sends
 * as Retry-After.
 */
export class RetryLaterError extends AppError {
  override name = 'RetryLaterError';
  readonly retryAfterSeconds: number;
  constructor(reason: string, waitSeconds: number, statusCode: 429 | 503 = 429) {
    const seconds = Math.max(1, Math.ceil(waitSeconds));
    super(statusCode, retryLaterMessage(reason, seconds));
    this.retryAfterSeconds = seconds;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

const DB_MSG = {
  exists: 'That already exists.',
  reference: 'That refers to a record that does not exist or is still in use.',
};

/**
 * Constraints whose violation a person caused and can fix, with what they are told. The
 * database is the one judge (two sign-ups with one username can race past any check made
 * before the insert), so these answers come from its refusal rather than from a lookup.
 */
const BY_CONSTRAINT = new Map<string, () => AppError>([
  ['users_username_lower_key', () => conflict(MSG.usernameTaken)],
  ['users_email_lower_key', () => conflict(MSG.emailTaken)],
  ['referral_keys_used_within_max', () => badRequest(MSG.maxUsesBelowUsed)],
]);

/**
 * Every other refusal of the data a request brought, by SQLSTATE. Input is validated before it
 * reaches a query, so these are races or gaps in validation: still the client's answer, not a
 * 500. Anything not listed (connection loss, serialization failures, bugs) stays a 500.
 */
const BY_CODE = new Map<string, () => AppError>([
  // unique_violation: the thing already exists.
  ['23505', () => conflict(DB_MSG.exists)],
  // foreign_key_violation: it refers to a row that is gone, or is still referred to.
  ['23503', () => conflict(DB_MSG.reference)],
  // not_null_violation, check_violation, numeric_value_out_of_range
  ['23502', () => badRequest(MSG.invalidInput)],
  ['23514', () => badRequest(MSG.invalidInput)],
  ['22003', () => badRequest(MSG.invalidInput)],
  // Text or dates the schemas should have refused: a NUL or a character the encoding cannot
  // hold (character_not_in_repertoire, untranslatable_character), text longer than its
  // column (string_data_right_truncation), a date out of range or unreadable.
  ['22021', () => badRequest(MSG.textControlCharacters)],
  ['22P05', () => badRequest(MSG.textControlCharacters)],
  ['22001', () => badRequest(MSG.textTooLong)],
  ['22007', () => badRequest(MSG.dateInvalid)],
  ['22008', () => badRequest(MSG.dateInvalid)],
  // invalid_text_representation: a key that cannot be one (a malformed uuid) names nothing.
  ['22P02', () => notFound()],
]);

/**
 * How long a client is asked to wait while PostgreSQL or Redis is away: `pnpm start` has one
 * back within a few seconds of a crash (docs/architecture.md, "Faults").
 */
export const OUTAGE_RETRY_SECONDS = 5;

/** SQLSTATEs of a server that is shutting down, starting or recovering, or of a lost connection. */
const PG_AWAY = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** Socket and client codes (node, postgres.js) of a connection that failed or broke. */
const CONNECTION_LOST = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
/** ioredis's own errors for a Redis it cannot reach (their names and messages are its API). */
const REDIS_AWAY =
  /^(Connection is closed\.|Stream isn't writeable|Reached the max retries per request limit)/;

/**
 * PostgreSQL or Redis away (a crash, a restart), not a fault of the request: 503 with
 * Retry-After, so clients and the web app try again rather than report a bug. Undefined for
 * any other error.
 */
export function outageError(error: unknown): RetryLaterError | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
    const name = 'name' in e && typeof e.name === 'string' ? e.name : '';
    const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
    if (
      (code && (PG_AWAY.has(code) || CONNECTION_LOST.has(code))) ||
      name === 'MaxRetriesPerRequestError' ||
      REDIS_AWAY.test(message)
    ) {
      return new RetryLaterError(MSG.briefOutage, OUTAGE_RETRY_SECONDS, 503);
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** The answer for a database refusal a client caused, or undefined for any other error. */
export function databaseError(error: unknown): AppError | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  const answer = (pg.constraint && BY_CONSTRAINT.get(pg.constraint)) || BY_CODE.get(pg.code);
  return answer?.();
}

/**
 * A refusal of the user's own responsible-trading settings (@app/db LimitRefusalError) as its
 * answer, with the code the web acts on; undefined for any other error.
 */
export function limitRefusal(error: unknown): AppError | undefined {
  return error instanceof LimitRefusalError
    ? new AppError(error.httpStatus, error.userMessage, error.code)
    : undefined;
}
