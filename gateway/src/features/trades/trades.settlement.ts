import { settleExpiryJobId, settlementJobId } from '@app/shared';
import type { JobsOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { SettlementQueue } from '../../plugins/queues.ts';

/**
 * How settlement jobs are kept: a finished job stays a day (so re-adding its id is a no-op while
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

/**
 * How long after its instant this process remembers having added an expiry job. By then the
 * job has run (or the reconciler settles what it left); a placement for an instant that has
 * passed cannot be made.
 */
export const SCHEDULED_MEMORY_MS = 60_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type SettlementScheduler = {
  /**
   * Make sure the delayed job that settles the trade's symbol and expiry instant exists; false
   * (and an error in the log) when Redis refused it.
   */
  schedule(trade: { id: string; symbol: string; expiresAt: Date }): Promise<boolean>;
  /**
   * A trade that no longer runs: its instant's job stays (the other trades of the instant need
   * it, and it skips what is not running); the per-trade job of a trade placed before expiry
   * jobs existed is removed (harmless if it already ran).
   */
  unschedule(tradeId: string): Promise<void>;
};

/**
 * Settlement is one `settleExpiry` job per symbol and expiry instant (expiry is the last
 * millisecond of a second, so a second's placements on one duration share it). Adding it is
 * one Redis round trip that BullMQ turns into a no-op when the id exists; this process skips
 * even that once it has added the id, and placements racing for an id share one add.
 *
 * A job that never gets added (Redis away, the process dead right after the placement's
 * commit) loses nothing: the workers' reconciler settles every running trade past its expiry
 * plus grace straight from Postgres. A retried placement on a process that does not remember
 * the instant adds it again.
 */
export function createSettlementScheduler(
  queue: SettlementQueue,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): SettlementScheduler {
  /** Job id → its instant and the add (settled: it succeeded). Forgotten once the instant is old. */
  const added = new Map<string, { expiresAt: number; add: Promise<boolean> }>();
  let nextSweep = 0;
  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + 1_000;
    for (const [id, entry] of added) if (entry.expiresAt + SCHEDULED_MEMORY_MS < at) added.delete(id);
  };

  const add = async (jobId: string, trade: { id: string; symbol: string; expiresAt: Date }) => {
    try {
      await within(
        queue.add(
          'settleExpiry',
          { symbol: trade.symbol, expiresAt: trade.expiresAt.getTime() },
          { ...SETTLE_JOB_OPTIONS, jobId, delay: Math.max(0, trade.expiresAt.getTime() - now()) },
        ),
        SCHEDULE_TIMEOUT_MS,
      );
      return true;
    } catch (err) {
      // Forget it, so the next placement of the instant tries again.
      added.delete(jobId);
      // The trade is committed: it stands, and the reconciler settles it after its expiry.
      log.error(
        { err, tradeId: trade.id, jobId },
        'settlement job not added; the reconciler will settle the trade',
      );
      return false;
    }
  };

  return {
    async schedule(trade) {
      const at = now();
      sweep(at);
      const jobId = settleExpiryJobId(trade.symbol, trade.expiresAt.getTime());
      const known = added.get(jobId);
      if (known) return known.add;
      const entry = { expiresAt: trade.expiresAt.getTime(), add: add(jobId, trade) };
      added.set(jobId, entry);
      return entry.add;
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
