import { bullPrefix, type JobData, type JobName, type QueueData, type QueueName } from '@app/shared';
import { type Job, type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export type TypedQueue<Q extends QueueName> = Queue<QueueData<Q>, unknown, JobName<Q>>;

/** A job of queue Q whose `name` narrows `data` (switch on job.name). */
export type TypedJob<Q extends QueueName> = {
  [N in JobName<Q>]: Job<JobData<Q, N>, unknown, N>;
}[JobName<Q>];

/** Finished jobs are kept for inspection, but not forever. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: { count: 200 },
  removeOnFail: { count: 1000 },
};

export function createQueue<Q extends QueueName>(
  name: Q,
  connection: Redis,
  redisPrefix: string,
): TypedQueue<Q> {
  return new Queue<QueueData<Q>, unknown, JobName<Q>>(name, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
}
