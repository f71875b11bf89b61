import { MSG } from '@app/shared';

/**
 * An error whose message a user may read. Services throw these; the error handler sends
 * them as `{ statusCode, error, message }`. Anything else that escapes becomes a 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** The postgres.js error behind a (possibly Drizzle-wrapped) failure, if there is one. */
export function pgError(error: unknown): { code: string; constraint_name?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return e as { code: string; constraint_name?: string };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique violation (23505) hit, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = pgError(error);
  return pg?.code === '23505' ? (pg.constraint_name ?? '') : undefined;
}
