import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { loggedDatabaseError } from './log-safety.ts';
import { users } from './schema/index.ts';

const client = createDb(inject('databaseUrl'), { max: 2 });
afterAll(() => client.close());

const secret = () => `S3CRET${randomBytes(6).toString('hex')}`;
let taken: { username: string };

beforeAll(async () => {
  taken = { username: `ls_${randomBytes(4).toString('hex')}` };
  await client.db.insert(users).values({
    firstName: 'Log',
    lastName: 'Safety',
    username: taken.username,
    email: `${taken.username}@example.com`,
    passwordHash: 'x',
  });
});

/** The error a query throws; fails the test if it does not throw. */
async function failure(query: () => Promise<unknown>): Promise<unknown> {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

/** Every text an error holds, enumerable or not, down its cause chain. */
function everything(error: unknown): string {
  const seen: string[] = [];
  let e: unknown = error;
  for (let i = 0; e && typeof e === 'object' && i < 6; i++) {
    for (const key of Object.getOwnPropertyNames(e)) {
      try {
        seen.push(
          JSON.stringify((e as Record<string, unknown>)[key], (_k, v) =>
            typeof v === 'bigint' ? `${v}` : v,
          ),
        );
      } catch {}
    }
    e = (e as { cause?: unknown }).cause;
  }
  return seen.join('\n');
}

describe('database errors as the loggers write them', () => {
  it('a duplicate key through Drizzle: SQLSTATE, constraint and statement name, no values', async () => {
    const [email, hash, bank] = [`${secret()}@example.com`, secret(), secret()];
    const error = await failure(() =>
      client.db.insert(users).values({
        firstName: 'Dup',
        lastName: 'User',
        username: taken.username.toUpperCase(),
        email,
        passwordHash: hash,
        bankAccountNumber: bank,
      }),
    );
    // The error itself holds them (message, params, detail): what a plain serializer would write.
    expect(everything(error)).toContain(hash);
    const logged = loggedDatabaseError(error);
    expect(logged).toMatchObject({
      sqlstate: '23505',
      constraint: 'users_username_lower_key',
      table: 'users',
      statement: expect.stringMatching(/^insert users #[0-9a-f]{8}$/),
    });
    const text = JSON.stringify(logged);
    for (const value of [email, hash, bank, taken.username.toUpperCase(), taken.username.toLowerCase()])
      expect(text).not.toContain(value);
    expect(text).not.toMatch(/params|Failed query/);
  });

  it("a check violation, whose DETAIL is the whole row, gives the row's values nowhere", async () => {
    const hash = secret();
    const error = await failure(() =>
      client.db.insert(users).values({
        firstName: 'Check',
        lastName: 'User',
        username: `ls_${randomBytes(4).toString('hex')}`,
        email: `${secret()}@example.com`,
        passwordHash: hash,
        reputationPoints: 101,
      }),
    );
    expect(everything(error)).toContain(hash);
    const logged = loggedDatabaseError(error);
    expect(logged).toMatchObject({ sqlstate: '23514', constraint: 'users_reputation_range' });
    expect(JSON.stringify(logged)).not.toContain(hash);
  });

  it('a cast error from a raw postgres.js query: its message quotes the value, so it is left out', async () => {
    const value = secret();
    const error = await failure(() => client.sql`select ${value}::uuid`);
    expect(everything(error)).toContain(value);
    const logged = loggedDatabaseError(error);
    expect(logged).toMatchObject({ sqlstate: '22P02', message: 'database error 22P02' });
    expect(logged?.statement).toMatch(/^select #[0-9a-f]{8}$/);
    expect(JSON.stringify(logged)).not.toContain(value);
  });

  it('the same statement gets the same name, whatever its values', async () => {
    const names = await Promise.all(
      [secret(), secret()].map(
        async (value) =>
          loggedDatabaseError(await failure(() => client.db.execute(sql`select ${value}::int`)))?.statement,
      ),
    );
    expect(names[0]).toBeDefined();
    expect(names[1]).toBe(names[0]);
  });

  it('keeps the message of an error that quotes no values (an object that does not exist)', async () => {
    const error = await failure(() => client.sql`select * from no_such_table_here where id = ${secret()}`);
    expect(loggedDatabaseError(error)).toMatchObject({
      sqlstate: '42P01',
      message: 'database error 42P01: relation "no_such_table_here" does not exist',
    });
  });
});
