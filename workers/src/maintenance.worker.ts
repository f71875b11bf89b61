import type { Db } from '@app/db';
import { bullPrefix, QUEUES } from '@app/shared';
import { isNotConnectionError, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { withSafeJobErrors } from './job-errors.ts';
import { createAdminStatsJob } from './jobs/admin-stats.ts';
import { createBroadcastJob } from './jobs/broadcast.ts';
import { runHeartbeat } from './jobs/heartbeat.ts';
import { runTickPartitions } from './jobs/tick-partitions.ts';
import type { Logger } from './logger.ts';
import type { TypedJob } from './queues.ts';

export type MaintenanceDeps = {
  connection: Redis;
  db: Db;
  redisPrefix: string;
  workerId: string;
  concurrency: number;
  logger: Logger;
};

/** Consumes the `maintenance` queue: housekeeping jobs, one handler file per job. */
export function createMaintenanceWorker(deps: MaintenanceDeps) {
  const log = deps.logger.child({ queue: QUEUES.maintenance });
  const runAdminStats = createAdminStatsJob({
    db: deps.db,
    redis: deps.connection,
    redisPrefix: deps.redisPrefix,
  });
  const runBroadcast = createBroadcastJob({
    db: deps.db,
    redis: deps.connection,
    redisPrefix: deps.redisPrefix,
  });

  const process = async (job: TypedJob<'maintenance'>) => {
    switch (job.name) {
      case 'heartbeat':
        return runHeartbeat(
          { redis: deps.connection, redisPrefix: deps.redisPrefix, workerId: deps.workerId },
          job.data,
        );
      case 'tickPartitions':
        return runTickPartitions({ db: deps.db }, job.data);
      case 'adminStats':
        return runAdminStats(job.data);
      case 'broadcast':
        return runBroadcast(job);
      default: {
        // Exhaustive: a job name added to the JobMap without a handler fails to compile here.
        const unknown: never = job;
        throw new UnrecoverableError(`unknown maintenance job: ${(unknown as { name: string }).name}`);
      }
    }
  };

  const worker = new Worker(QUEUES.maintenance, withSafeJobErrors(process), {
    connection: deps.connection,
    prefix: bullPrefix(deps.redisPrefix),
    concurrency: deps.concurrency,
  });

  // Connection errors (one per reconnect attempt) are logged by the connection (redis.ts).
  worker.on('error', (err) => {
    if (isNotConnectionError(err)) log.error({ err }, 'worker error');
  });
  worker.on('failed', (job, err) =>
    log.error({ err, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'),
  );
  worker.on('completed', (job, result) =>
    log.debug({ job: job.name, jobId: job.id, result }, 'job completed'),
  );
  return worker;
}
