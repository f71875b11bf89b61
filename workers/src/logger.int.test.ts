import { randomBytes } from 'node:crypto';
import { createDb, users } from '@app/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from './logger.ts';

const client = createDb(inject('databaseUrl'), { max: 1 });
afterAll(() => client.close());

const lines: string[] = [];
const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
const secret = (label: string) => `${label}${randomBytes(6).toString('hex')}`;

async function failure(query: () => Promise<unknown>): Promise<unknown> {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('the workers log keeps secrets', () => {
  it('logs a failed query of a job by SQLSTATE and statement name, not its parameters', async () => {
    const username = secret('w_');
    const row = {
      firstName: 'W',
      lastName: 'L',
      username,
      email: `${username}@example.com`,
      passwordHash: 'x',
    };
    await client.db.insert(users).values(row);
    const values = { email: `${secret('mail')}@example.com`, hash: secret('$argon2id$'), bank: secret('') };
    const error = await failure(() =>
      client.db.insert(users).values({
        ...row,
        email: values.email,
        passwordHash: values.hash,
        bankAccountNumber: values.bank,
      }),
    );
    // As a job's failure reaches the log: directly, and wrapped by the code that ran it.
    logger.error({ err: error, jobId: '1' }, 'job failed');
    logger.error({ err: new Error('settlement batch failed', { cause: error }) }, 'batch failed');
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; err: Record<string, unknown> });
    expect(entries.find((e) => e.msg === 'job failed')?.err).toMatchObject({
      sqlstate: '23505',
      constraint: 'users_username_lower_key',
      statement: expect.stringMatching(/^insert users #/),
    });
    expect(entries.find((e) => e.msg === 'batch failed')?.err).toMatchObject({
      message: 'settlement batch failed',
      sqlstate: '23505',
    });
    const text = lines.join('');
    for (const value of [...Object.values(values), username]) expect(text).not.toContain(value);
  });

  it('redacts secrets in logged objects', () => {
    const password = secret('pw');
    const email = `${secret('e')}@example.com`;
    logger.warn({ job: { data: { email, password } }, password }, 'redaction check');
    const text = lines.join('');
    expect(text).toContain('redaction check');
    expect(text).not.toContain(password);
    expect(text).not.toContain(email);
  });
});
