import { createDb, type DbClient, users } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MailMessage, MailNotConfiguredError } from '../mail/transport.ts';
import { createMailJobs } from './mail.ts';

/** The mail jobs against a real database; the sender is a function that succeeds or fails on demand. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: DbClient;
let userId: string;
const EMAIL = 'Priya.Nair@Example.com';

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  db = createDb(database.url, { max: 2 });
  const [row] = await db.db
    .insert(users)
    .values({ firstName: 'Priya', lastName: 'Nair', username: 'priya', email: EMAIL, passwordHash: 'x' })
    .returning();
  userId = row?.id ?? '';
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

const tokens = () => db.sql`select id from account_tokens where user_id = ${userId}`;

describe('mail jobs', () => {
  it('a failed send withdraws its token and fails without the address in its message', async () => {
    const jobs = createMailJobs({
      db: db.db,
      publicUrl: 'https://app.example',
      resetMailsPerHour: 3,
      send: async () => {
        throw Object.assign(new Error(`550 mailbox unavailable <${EMAIL}>`), {
          code: 'EENVELOPE',
          responseCode: 550,
        });
      },
    });
    const failure = await jobs.passwordReset({ identifier: 'PRIYA' }).then(
      () => new Error('sent'),
      (e: unknown) => e as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toBe('SMTP send failed (EENVELOPE 550)');
    expect(failure.message).not.toContain(EMAIL);
    expect(await tokens()).toHaveLength(0);
  });

  it('without SMTP_URL a job fails for good instead of retrying', async () => {
    const jobs = createMailJobs({
      db: db.db,
      publicUrl: 'https://app.example',
      resetMailsPerHour: 3,
      send: async () => {
        throw new MailNotConfiguredError();
      },
    });
    await expect(jobs.emailVerification({ userId })).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('sends the link on the public address to the account found by email, any case', async () => {
    const sent: MailMessage[] = [];
    const jobs = createMailJobs({
      db: db.db,
      publicUrl: 'https://app.example',
      resetMailsPerHour: 3,
      send: async (message) => {
        sent.push(message);
      },
    });
    expect(await jobs.passwordReset({ identifier: ' priya.nair@example.COM ' })).toEqual({ sent: true });
    expect(await jobs.passwordReset({ identifier: 'nobody' })).toEqual({ sent: false, reason: 'no_account' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(EMAIL);
    expect(sent[0]?.text).toMatch(/https:\/\/app\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(sent[0]?.html).toContain('href="https://app.example/reset-password?token=');

    await db.sql`update users set email_verified_at = now() where id = ${userId}`;
    expect(await jobs.emailVerification({ userId })).toEqual({ sent: false, reason: 'verified' });
  });
});
