import type { Db } from '@app/db';
import { bullPrefix, QUEUES } from '@app/shared';
import { isNotConnectionError, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { withSafeJobErrors } from './job-errors.ts';
import { createMailJobs } from './jobs/mail.ts';
import type { Logger } from './logger.ts';
import { createMailTransport } from './mail/transport.ts';
import type { TypedJob } from './queues.ts';

export type MailWorkerDeps = {
  connection: Redis;
  db: Db;
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  resetMailsPerHour: number;
  logger: Logger;
};

/** A slow SMTP server holds this many jobs at once, not the housekeeping of the maintenance queue. */
const MAIL_CONCURRENCY = 4;

/**
 * Consumes the `mail` queue: the emails the gateway asks for (reset and verification links,
 * sign-in lock notices), sent through SMTP_URL with the retries the producer sets. Logs name
 * the job and the user, never an address or a token.
 */
export function createMailWorker(deps: MailWorkerDeps) {
  const log = deps.logger.child({ queue: QUEUES.mail });
  const transport = createMailTransport(deps.smtpUrl, deps.mailFrom);
  if (!deps.smtpUrl) log.warn('SMTP_URL is not set: account emails cannot be sent');
  const jobs = createMailJobs({
    db: deps.db,
    send: transport.send,
    publicUrl: deps.publicUrl,
    resetMailsPerHour: deps.resetMailsPerHour,
  });

  const process = async (job: TypedJob<'mail'>) => {
    switch (job.name) {
      case 'passwordReset':
        return jobs.passwordReset(job.data);
      case 'emailVerification':
        return jobs.emailVerification(job.data);
      case 'accountLocked':
        return jobs.accountLocked(job.data);
      default: {
        const unknown: never = job;
        throw new UnrecoverableError(`unknown mail job: ${(unknown as { name: string }).name}`);
      }
    }
  };

  const worker = new Worker(QUEUES.mail, withSafeJobErrors(process), {
    connection: deps.connection,
    prefix: bullPrefix(deps.redisPrefix),
    concurrency: MAIL_CONCURRENCY,
  });
  worker.on('error', (err) => {
    if (isNotConnectionError(err)) log.error({ err }, 'worker error');
  });
  worker.on('failed', (job, err) =>
    log.error({ err, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'mail job failed'),
  );
  worker.on('completed', (job, result) =>
    log.info({ job: job.name, jobId: job.id, result }, 'mail job done'),
  );
  return {
    worker,
    close: async (force?: boolean) => {
      await worker.close(force);
      transport.close();
    },
  };
}
