import { createDb, type Db } from '@app/db';
import { QUEUES, SETTLEMENT_SCHEDULERS, workerKeys } from '@app/shared';
import { Redis } from 'ioredis';
import type { WorkersConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createQueue, type TypedQueue } from '../queues.ts';
import { closeRedis, createRedis, redisAway, WORKER_REDIS_OPTIONS } from '../redis.ts';
import { ArchiveWatch } from './archive-watch.ts';
import { SettlementNotifier } from './notifier.ts';
import type { ReconcileDeps } from './reconcile.job.ts';
import type { Settler } from './settle.ts';
import { createSettlementWorker } from './settlement.worker.ts';

/** ioredis reports once per reconnect attempt: one line every 5 s is enough to see the cause. */
function logErrors(redis: Redis, logger: Logger, what: string) {
  let last = 0;
  redis.on('error', (err: unknown) => {
    if (Date.now() - last < 5_000) return;
    last = Date.now();
    logger.warn({ err }, `${what} redis connection error`);
  });
}

export type SettlementConfig = Pick<
  WorkersConfig,
  | 'REDIS_URL'
  | 'REDIS_PREFIX'
  | 'DATABASE_URL'
  | 'SETTLEMENT_CONCURRENCY'
  | 'TRADE_STALE_AFTER_MS'
  | 'SETTLEMENT_RECHECK_MS'
  | 'SETTLEMENT_EXPIRY_BATCH'
  | 'RECONCILE_EVERY_MS'
  | 'RECONCILE_GRACE_MS'
  | 'RECONCILE_BATCH'
  | 'LEDGER_CHECK_EVERY_MS'
>;

export type SettlementOptions = {
  config: SettlementConfig;
  logger: Logger;
  workerId: string;
  /** Tests: a database client to use instead of opening a pool, and a settleTrade stand-in. */
  db?: Db;
  settle?: Settler;
  checkLedger?: ReconcileDeps['checkLedger'];
};

export type RunningSettlement = {
  worker: ReturnType<typeof createSettlementWorker>;
  queue: TypedQueue<'settlement'>;
  /** Re-creates the reconcile scheduler if Redis lost it; returns whether it had to. */
  ensureScheduler: () => Promise<boolean>;
  /** Lets running jobs finish, then closes what this opened. */
  stop: () => Promise<void>;
};

/**
 * Only this job goes when it completes: a count or age here would trim the queue's whole
 * completed set, and the gateway keeps finished settle jobs a day (re-adding one is a no-op).
 * Failed ones age out with the gateway's settle jobs.
 */
const RECONCILE_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } };

/**
 * Most of a settlement job's time is BullMQ's Redis round trips and the events, and its
 * database work is a few statements (settle_expiry or settle_trade, @app/db, plus a balance
 * read): far fewer connections than jobs in flight keep Postgres busy, and a pool per
 * concurrency slot would exhaust max_connections (100 by default) with a high concurrency.
 * Queries beyond the pool queue in postgres.js.
 */
export const SETTLEMENT_POOL_MAX = 24;
export const settlementPoolSize = (concurrency: number) => Math.min(concurrency + 2, SETTLEMENT_POOL_MAX);

/**
 * Settlement in a workers process: the BullMQ worker of the `settlement` queue (settleExpiry
 * jobs the gateway adds at placement, one per symbol and expiry instant; settle jobs of one
 * trade; the repeatable reconcile job), with a Postgres pool of
 * its own (so market archive writes never queue behind settlements, and the other way round),
 * its own Redis connections, and the Socket.IO emitter for the user events.
 */
export async function startSettlement(options: SettlementOptions): Promise<RunningSettlement> {
  const { config, workerId } = options;
  const logger = options.logger.child({ feature: 'settlement' });
  const closers: Array<{ name: string; close: () => Promise<unknown> }> = [];
  let watchdog: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(watchdog);
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
    let db = options.db;
    if (!db) {
      const pool = createDb(config.DATABASE_URL, {
        max: settlementPoolSize(config.SETTLEMENT_CONCURRENCY),
        applicationName: 'workers-settlement',
      });
      closers.push({ name: 'settlement postgres', close: () => pool.close() });
      db = pool.db;
    }

    const connection = createRedis(config.REDIS_URL, logger);
    closers.push({ name: 'settlement redis', close: () => closeRedis(connection) });

    // Fails fast, unlike BullMQ's connection: an event is not worth holding a settlement for.
    const emitRedis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      // A burst of settlements publishes a message per slice of events: one write per loop turn.
      enableAutoPipelining: true,
      connectionName: 'workers-settlement-emit',
      ...WORKER_REDIS_OPTIONS,
    });
    logErrors(emitRedis, logger, 'settlement emitter');
    const notifier = new SettlementNotifier(emitRedis, config.REDIS_PREFIX, logger);
    closers.push({ name: 'settlement emitter', close: () => notifier.close() });

    const subscriber = new Redis(config.REDIS_URL, {
      connectionName: 'workers-settlement-watch',
      ...WORKER_REDIS_OPTIONS,
    });
    logErrors(subscriber, logger, 'archive watch');
    const watch = new ArchiveWatch(subscriber, config.REDIS_PREFIX + workerKeys.ticksArchived(), logger);
    closers.push({ name: 'archive watch', close: () => watch.stop() });
    await watch.start();

    const queue = createQueue(QUEUES.settlement, connection, config.REDIS_PREFIX, logger);
    closers.push({ name: 'settlement queue', close: () => queue.close() });

    const worker = createSettlementWorker({
      db,
      notifier,
      watch,
      settle: options.settle,
      checkLedger: options.checkLedger,
      staleAfterMs: config.TRADE_STALE_AFTER_MS,
      recheckMs: config.SETTLEMENT_RECHECK_MS,
      expiryBatch: config.SETTLEMENT_EXPIRY_BATCH,
      logger,
      redis: connection,
      redisPrefix: config.REDIS_PREFIX,
      workerId,
      batchSize: config.RECONCILE_BATCH,
      parallel: Math.max(1, Math.min(8, config.SETTLEMENT_CONCURRENCY)),
      ledgerCheckEveryMs: config.LEDGER_CHECK_EVERY_MS,
      connection,
      concurrency: config.SETTLEMENT_CONCURRENCY,
    });
    closers.push({
      name: 'settlement worker',
      close: async () => {
        // With Redis away, not waiting for the running jobs (app.ts says why).
        const closing = worker.close(redisAway(connection));
        // Jobs waiting for the archive stop waiting and go back to the delayed set.
        watch.release();
        await closing;
      },
    });
    await worker.waitUntilReady();

    const upsert = () =>
      queue.upsertJobScheduler(
        SETTLEMENT_SCHEDULERS.reconcile,
        { every: config.RECONCILE_EVERY_MS },
        {
          name: 'reconcile',
          data: { graceMs: config.RECONCILE_GRACE_MS },
          opts: RECONCILE_JOB_OPTIONS,
        },
      );
    // Idempotent: every process upserts the same scheduler; BullMQ runs one job per period.
    await upsert();

    const ensureScheduler = async () => {
      if (await queue.getJobScheduler(SETTLEMENT_SCHEDULERS.reconcile)) return false;
      await upsert();
      logger.warn('the reconcile scheduler was missing (Redis lost its data?): re-created it');
      return true;
    };
    // A flushed or restarted Redis loses the scheduler with the jobs; the reconciler is what
    // recovers from exactly that, so each process keeps it in place.
    let checking = false;
    watchdog = setInterval(
      () => {
        if (checking) return;
        checking = true;
        ensureScheduler()
          .catch((err: unknown) => logger.warn({ err }, 'reconcile scheduler check failed'))
          .finally(() => {
            checking = false;
          });
      },
      Math.max(1_000, config.RECONCILE_EVERY_MS),
    );

    logger.info(
      {
        concurrency: config.SETTLEMENT_CONCURRENCY,
        staleAfterMs: config.TRADE_STALE_AFTER_MS,
        reconcileEveryMs: config.RECONCILE_EVERY_MS,
        reconcileGraceMs: config.RECONCILE_GRACE_MS,
      },
      'settlement ready',
    );
    return { worker, queue, ensureScheduler, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
