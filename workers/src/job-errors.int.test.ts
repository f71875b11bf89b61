import { randomBytes } from 'node:crypto';
import { createDb } from '@app/db';
import { bullPrefix } from '@app/shared';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withSafeJobErrors } from './job-errors.ts';

/**
 * What BullMQ keeps in Redis of a job that failed on a database error, read back from a real
 * queue: the parameters a query carried must not be in it.
 */
const connection = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null, disableClientInfo: true });
const prefix = bullPrefix(`${inject('redisPrefix')}job-errors-${randomBytes(3).toString('hex')}:`);
const db = createDb(inject('databaseUrl'), { max: 2 });
const closing: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  const keys = await connection.keys(`${prefix}*`);
  if (keys.length > 0) await connection.del(...keys);
  await connection.quit();
  await db.close();
});

const SECRET = `secret-${randomBytes(6).toString('hex')}@example.com`;

/** Runs one job through a real worker with `process` and answers the failed job as stored. */
async function failedJob(name: string, process: (job: Job) => Promise<unknown>): Promise<Job> {
  const queue = new Queue(name, { connection, prefix });
  const worker = new Worker(name, process, { connection, prefix });
  closing.push(
    () => queue.close(),
    () => worker.close(),
  );
  const failed = new Promise<void>((resolve) => worker.on('failed', () => resolve()));
  const added = await queue.add('lookup', {}, { attempts: 1 });
  await failed;
  const job = await queue.getJob(added.id as string);
  if (!job) throw new Error('the failed job is gone');
  return job;
}

/** A relational query by id: Drizzle's error quotes the query and its parameters. */
const lookUpBySecret = () =>
  db.db.query.users.findFirst({ where: (user, { eq }) => eq(user.id, SECRET) }).then(() => undefined);

describe('job errors kept by BullMQ', () => {
  it("a plain handler's database error leaves the parameters in Redis (what the wrapper is for)", async () => {
    const job = await failedJob('plain', lookUpBySecret);
    expect(`${job.failedReason}\n${(job.stacktrace ?? []).join('\n')}`).toContain(SECRET);
  });

  it('with withSafeJobErrors only the SQLSTATE and names are kept', async () => {
    const job = await failedJob('safe', withSafeJobErrors(lookUpBySecret));
    const stored = `${job.failedReason}\n${(job.stacktrace ?? []).join('\n')}`;
    expect(stored).not.toContain(SECRET);
    expect(job.failedReason).toContain('22P02');
  });

  it('an UnrecoverableError stays one, and other errors pass unchanged', async () => {
    const unrecoverable = await failedJob(
      'unrecoverable',
      withSafeJobErrors(async () => {
        try {
          await lookUpBySecret();
        } catch (cause) {
          throw Object.assign(new UnrecoverableError('lookup failed'), { cause });
        }
      }),
    );
    expect(unrecoverable.failedReason).toBe('lookup failed');
    expect(unrecoverable.attemptsMade).toBe(1);
    expect((unrecoverable.stacktrace ?? []).join('\n')).toContain('UnrecoverableError');

    const other = await failedJob(
      'other',
      withSafeJobErrors(async () => {
        throw new Error('the feed is away');
      }),
    );
    expect(other.failedReason).toBe('the feed is away');
  });
});
