import { hostname } from 'node:os';
import { createDb } from '@app/db';
import { bullPrefix, JOB_SCHEDULERS, QUEUES } from '@app/shared';
import type { WorkersConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { createMailWorker } from './mail.worker.ts';
import { createMaintenanceWorker } from './maintenance.worker.ts';
import { createMarketService } from './market/index.ts';
import { createQueue } from './queues.ts';
import { closeRedis, createRedis, redisAway } from './redis.ts';
import { startSettlement } from './settlement/index.ts';

export type RunningWorkers = { workerId: string; stop: () => Promise<void> };

/**
 * Connect, create the queues and their workers, register the repeatable jobs.
 * `stop()` lets running jobs finish, then closes everything this opened.
 */
export async function startWorkers(config: WorkersConfig, logger: Logger): Promise<RunningWorkers> {
  const workerId = `${hostname()}:${process.pid}`;
  const closers: Array<{ name: string; close: () => Promise<unknown> }> = [];
  const stop = async () => {
    // Reverse order: workers first (they finish their jobs), connections last.
    for (const { name, close } of closers.reverse()) {
      try {
        await close();
      } catch (err) {
        logger.error({ err }, `closing ${name} failed`);
      }
    }
    closers.length = 0;
  };

  try {
    const redis = createRedis(config.REDIS_URL, logger);
    closers.push({ name: 'redis', close: () => closeRedis(redis) });

    // Housekeeping and market ingestion; settlement opens a pool of its own. Checking it now
    // makes a wrong DATABASE_URL fail at start, not at the first job.
    const db = createDb(config.DATABASE_URL, { max: 4, applicationName: 'workers' });
    closers.push({ name: 'postgres', close: () => db.close() });
    await db.sql`select 1`;

    const maintenance = createQueue(QUEUES.maintenance, redis, config.REDIS_PREFIX, logger);
    closers.push({ name: 'maintenance queue', close: () => maintenance.close() });

    const worker = createMaintenanceWorker({
      connection: redis,
      db: db.db,
      redisPrefix: config.REDIS_PREFIX,
      workerId,
      concurrency: config.WORKER_CONCURRENCY,
      logger,
    });
    // With Redis away, a running job waits for it (the connection never fails a command) and
    // could not record its end anyway: the worker then closes without waiting for its jobs,
    // which another worker takes over once their locks expire.
    closers.push({ name: 'maintenance worker', close: () => worker.close(redisAway(redis)) });
    await worker.waitUntilReady();

    const mail = createMailWorker({
      connection: redis,
      db: db.db,
      redisPrefix: config.REDIS_PREFIX,
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      resetMailsPerHour: config.RESET_MAILS_PER_HOUR,
      logger,
    });
    closers.push({ name: 'mail worker', close: () => mail.close(redisAway(redis)) });
    await mail.worker.waitUntilReady();

    // Idempotent: every worker process upserts the same scheduler; BullMQ runs one job per period.
    await maintenance.upsertJobScheduler(
      JOB_SCHEDULERS.heartbeat,
      { every: config.HEARTBEAT_EVERY_MS },
      { name: 'heartbeat', data: { everyMs: config.HEARTBEAT_EVERY_MS } },
    );
    await maintenance.upsertJobScheduler(
      JOB_SCHEDULERS.tickPartitions,
      { every: config.TICK_PARTITIONS_EVERY_MS },
      { name: 'tickPartitions', data: { daysAhead: 2, keepDays: config.TICK_RETENTION_DAYS } },
    );
    await maintenance.upsertJobScheduler(
      JOB_SCHEDULERS.adminStats,
      { every: config.ADMIN_STATS_EVERY_MS },
      { name: 'adminStats', data: {} },
    );

    if (config.SETTLEMENT_ENABLED) {
      const settlement = await startSettlement({ config, logger, workerId });
      closers.push({ name: 'settlement', close: () => settlement.stop() });
    }

    if (config.MARKET_ENABLED) {
      // Every process competes for the leader lock; the one holding it ingests. Stopped
      // first on shutdown (closers run in reverse), while Redis and Postgres are still open.
      const market = createMarketService({ config, logger, db: db.db, workerId });
      closers.push({ name: 'market ingestion', close: () => market.stop() });
      market.start();
    }

    logger.info(
      {
        workerId,
        queues: config.SETTLEMENT_ENABLED
          ? [QUEUES.maintenance, QUEUES.mail, QUEUES.settlement]
          : [QUEUES.maintenance, QUEUES.mail],
        bullPrefix: bullPrefix(config.REDIS_PREFIX),
        market: config.MARKET_ENABLED ? config.MARKET_SOURCE : 'off',
      },
      'workers ready',
    );
    return { workerId, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
