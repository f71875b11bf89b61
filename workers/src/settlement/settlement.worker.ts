import { bullPrefix, type JobName, QUEUES, type QueueData } from '@app/shared';
import { isNotConnectionError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { withSafeJobErrors } from '../job-errors.ts';
import type { TypedJob } from '../queues.ts';
import { type ReconcileDeps, runReconcileJob } from './reconcile.job.ts';
import { runSettleJob } from './settle.job.ts';
import { runSettleExpiryJob, type SettleExpiryJobDeps } from './settle-expiry.job.ts';

export type SettlementWorkerDeps = SettleExpiryJobDeps &
  ReconcileDeps & {
    /** BullMQ's connection (maxRetriesPerRequest null); the worker duplicates it for blocking reads. */
    connection: Redis;
    concurrency: number;
  };

/** Consumes the `settlement` queue: one handler file per job. */
export function createSettlementWorker(deps: SettlementWorkerDeps) {
  const log = deps.logger;

  const process = async (
    untyped: Job<QueueData<'settlement'>, unknown, JobName<'settlement'>>,
    token?: string,
  ): Promise<unknown> => {
    // The job map ties each name to its payload; BullMQ types them apart.
    const job = untyped as TypedJob<'settlement'>;
    switch (job.name) {
      case 'settleExpiry':
        return runSettleExpiryJob(deps, job, token);
      case 'settle':
        return runSettleJob(deps, job, token);
      case 'reconcile':
        return runReconcileJob(deps, job.data);
      default: {
        const unknown: never = job;
        throw new UnrecoverableError(`unknown settlement job: ${(unknown as { name: string }).name}`);
      }
    }
  };

  const worker = new Worker<QueueData<'settlement'>, unknown, JobName<'settlement'>>(
    QUEUES.settlement,
    withSafeJobErrors(process),
    {
      connection: deps.connection,
      prefix: bullPrefix(deps.redisPrefix),
      concurrency: deps.concurrency,
    },
  );

  // Connection errors (one per reconnect attempt) are logged by the connection (redis.ts).
  worker.on('error', (err) => {
    if (isNotConnectionError(err)) log.error({ err }, 'settlement worker error');
  });
  worker.on('failed', (job, err) => {
    const attempts = job?.opts.attempts ?? 1;
    const final = !job || job.attemptsMade >= attempts || err instanceof UnrecoverableError;
    // Trades whose job gave up are settled by the reconciler; still, it should not happen quietly.
    log[final ? 'error' : 'warn'](
      {
        err,
        job: job?.name,
        jobId: job?.id,
        tradeId: job?.data && 'tradeId' in job.data ? job.data.tradeId : undefined,
        symbol: job?.data && 'symbol' in job.data ? job.data.symbol : undefined,
        expiresAt: job?.data && 'expiresAt' in job.data ? job.data.expiresAt : undefined,
        attemptsMade: job?.attemptsMade,
        attempts,
      },
      final ? 'settlement job failed for good' : 'settlement job failed; will retry',
    );
  });
  worker.on('completed', (job, result) =>
    log.debug({ job: job.name, jobId: job.id, result }, 'job completed'),
  );
  return worker;
}
