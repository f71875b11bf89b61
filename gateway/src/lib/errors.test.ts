import { MSG } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AppError, databaseError } from './errors.ts';

/** What postgres.js throws, wrapped as Drizzle wraps a failed query. */
const refused = (code: string, constraint_name?: string) => {
  const driver = Object.assign(new Error('refused'), { code, constraint_name });
  return new Error('Failed query', { cause: driver });
};

const answer = (error: unknown) => {
  const mapped = databaseError(error);
  return mapped && { status: mapped.statusCode, message: mapped.message };
};

describe('databaseError', () => {
  it('answers a duplicate username or email with the form’s message', () => {
    expect(answer(refused('23505', 'users_username_lower_key'))).toEqual({
      status: 409,
      message: MSG.usernameTaken,
    });
    expect(answer(refused('23505', 'users_email_lower_key'))).toEqual({
      status: 409,
      message: MSG.emailTaken,
    });
  });

  it('answers max uses below the uses so far with its own message', () => {
    expect(answer(refused('23514', 'referral_keys_used_within_max'))).toEqual({
      status: 400,
      message: MSG.maxUsesBelowUsed,
    });
  });

  it('answers other refusals of the request’s data by their code', () => {
    expect(answer(refused('23505', 'some_other_key'))?.status).toBe(409);
    expect(answer(refused('23505', 'constructor'))?.status).toBe(409);
    expect(answer(refused('23503', 'trades_user_id_fkey'))?.status).toBe(409);
    expect(answer(refused('23514', 'some_check'))).toEqual({ status: 400, message: MSG.invalidInput });
    expect(answer(refused('22P02'))).toEqual({ status: 404, message: MSG.notFound });
  });

  it('answers text and dates the schemas should have refused with 400 and a message', () => {
    expect(answer(refused('22021'))).toEqual({ status: 400, message: MSG.textControlCharacters });
    expect(answer(refused('22P05'))).toEqual({ status: 400, message: MSG.textControlCharacters });
    expect(answer(refused('22001'))).toEqual({ status: 400, message: MSG.textTooLong });
    expect(answer(refused('22007'))).toEqual({ status: 400, message: MSG.dateInvalid });
    expect(answer(refused('22008'))).toEqual({ status: 400, message: MSG.dateInvalid });
  });

  it('leaves everything else to become a 500', () => {
    expect(databaseError(refused('40001'))).toBeUndefined();
    expect(databaseError(refused('57P01'))).toBeUndefined();
    expect(databaseError(new Error('socket hang up'))).toBeUndefined();
    expect(databaseError(Object.assign(new Error('x'), { code: 'insufficient_funds' }))).toBeUndefined();
    expect(databaseError(new AppError(400, 'x'))).toBeUndefined();
  });
});
