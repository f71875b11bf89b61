import { describe, expect, it } from 'vitest';
import {
  LOG_REDACT_PATHS,
  loggedDatabaseError,
  logSafeErrorSerializer,
  statementName,
} from './log-safety.ts';

describe('statementName', () => {
  it('names the verb and the first table or function, with a hash of the text', () => {
    expect(statementName('insert into "users" ("id", "email") values ($1, $2)')).toMatch(
      /^insert users #[0-9a-f]{8}$/,
    );
    expect(statementName('select "id" from "public"."users" where "id" = $1')).toMatch(
      /^select public\.users #[0-9a-f]{8}$/,
    );
    expect(statementName('select (r.o_trade).* from place_trade($1::uuid) r')).toMatch(
      /^select place_trade #/,
    );
    expect(statementName('update "users" set "x" = $1')).toMatch(/^update users #/);
    expect(statementName('  nonsense')).toMatch(/^statement #[0-9a-f]{8}$/);
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
  });
});

describe('loggedDatabaseError', () => {
  it('leaves other errors to the usual serializer', () => {
    expect(loggedDatabaseError(new Error('plain'))).toBeUndefined();
    expect(loggedDatabaseError('text')).toBeUndefined();
    const serialize = logSafeErrorSerializer((e) => ({ plain: e.message }));
    expect(serialize(new Error('plain'))).toEqual({ plain: 'plain' });
    expect(serialize('a string')).toBe('a string');
  });

  it("finds a database error behind a wrapper and keeps the wrapper's own message", () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "k"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(secret@example.com) already exists.',
      constraint_name: 'k',
    });
    const wrapped = new Error('could not create the user', { cause: pg });
    const logged = loggedDatabaseError(wrapped);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'could not create the user',
      sqlstate: '23505',
      constraint: 'k',
    });
    expect(JSON.stringify(logged)).not.toContain('secret@example.com');
  });

  it('drops the first line of the stack, which repeats the message', () => {
    const error = Object.assign(new Error('Failed query: select $1\nparams: hunter2'), {
      query: 'select $1',
      params: ['hunter2'],
    });
    const logged = loggedDatabaseError(error);
    expect(logged?.stack).toMatch(/^Error: database error\n\s+at /);
    expect(JSON.stringify(logged)).not.toContain('hunter2');
  });
});

describe('LOG_REDACT_PATHS', () => {
  it('covers credentials, bank numbers and emails, at the top and nested', () => {
    for (const path of [
      'req.headers.authorization',
      'req.headers.cookie',
      'password',
      '*.password',
      '*.*.newPassword',
      '*.passwordHash',
      'token',
      '*.bankAccountNumber',
      'email',
      '*.email',
    ])
      expect(LOG_REDACT_PATHS).toContain(path);
  });
});
