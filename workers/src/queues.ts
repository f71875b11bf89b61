import { bullPrefix, type JobData, type JobName, type QueueData, type QueueName } from '@app/shared';
import { isNotConnectionError, type Job, type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

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

/**
 * A queue on the shared connection. Its `error` events are listened to: without a listener
 * BullMQ prints each one with its stack (every reconnect attempt while Redis is away). Those
 * of the connection are logged by the connection (redis.ts); others go to `logger`.
 */
export function createQueue<Q extends QueueName>(
  name: Q,
  connection: Redis,
  redisPrefix: string,
  logger?: Logger,
): TypedQueue<Q> {
  const queue = new Queue<QueueData<Q>, unknown, JobName<Q>>(name, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  queue.on('error', (err) => {
    if (isNotConnectionError(err)) logger?.error({ err, queue: name }, 'queue error');
  });
  return queue;
}
