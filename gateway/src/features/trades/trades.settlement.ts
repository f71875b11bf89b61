import { settlementJobId } from '@app/shared';
import type { JobsOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { SettlementQueue } from '../../plugins/queues.ts';

/**
 * How settle jobs are kept: a finished job stays a day (so re-adding its id is a no-op while
 * anyone could still retry the placement), a failed one a week for inspection. A failing
 * settlement (database away) is retried with backoff; past that the workers' reconciler
 * settles every overdue running trade from Postgres anyway.
 */
export const SETTLE_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const satisfies JobsOptions;

/** The longest a placement waits for Redis to take the job before answering without it. */
export const SCHEDULE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type SettlementScheduler = {
  /** Add the delayed settle job; false (and an error in the log) when Redis refused it. */
  schedule(trade: { id: string; expiresAt: Date }): Promise<boolean>;
  /** Remove the pending job of a trade that no longer runs (harmless if it already ran). */
  unschedule(tradeId: string): Promise<void>;
};

export function createSettlementScheduler(
  queue: SettlementQueue,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): SettlementScheduler {
  return {
    async schedule(trade) {
      try {
        await within(
          queue.add(
            'settle',
            { tradeId: trade.id },
            {
              ...SETTLE_JOB_OPTIONS,
              jobId: settlementJobId(trade.id),
              delay: Math.max(0, trade.expiresAt.getTime() - now()),
            },
          ),
          SCHEDULE_TIMEOUT_MS,
        );
        return true;
      } catch (err) {
        // The trade is committed: it stands, and the reconciler settles it after its expiry.
        log.error(
          { err, tradeId: trade.id },
          'settlement job not added; the reconciler will settle the trade',
        );
        return false;
      }
    },

    async unschedule(tradeId) {
      try {
        await within(queue.remove(settlementJobId(tradeId)), SCHEDULE_TIMEOUT_MS);
      } catch (err) {
        // If it runs, it finds the trade no longer running and does nothing.
        log.warn({ err, tradeId }, 'could not remove the settlement job');
      }
    },
  };
}
