import { MSG } from '@app/shared';
import { type AppError, conflict, uniqueViolation } from '../../lib/errors.ts';

/**
 * A unique violation on users becomes the 409 a form shows. Usernames and emails are
 * unique case-insensitively (indexes on lower()), so the database is the one judge even
 * when two sign-ups race. Anything else: undefined, and the caller rethrows.
 */
export function duplicateUserError(error: unknown): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_username_lower_key') return conflict(MSG.usernameTaken);
  if (constraint === 'users_email_lower_key') return conflict(MSG.emailTaken);
  return undefined;
}
