import { checkLedgerInvariants, type LedgerViolation, overdueRunningTrades } from '@app/db';
import { type LedgerCheckReport, type ReconcileJobData, workerKeys } from '@app/shared';
import type { Redis } from 'ioredis';
import { eachLimit, type SettlementContext, settleAndNotify } from './settle.ts';

export type ReconcileDeps = SettlementContext & {
  redis: Redis;
  redisPrefix: string;
  workerId: string;
  /** RECONCILE_BATCH */
  batchSize: number;
  /** Trades settled at once within a batch. */
  parallel: number;
  /** LEDGER_CHECK_EVERY_MS */
  ledgerCheckEveryMs: number;
  /** checkLedgerInvariants, unless a test shows how a violation is reported. */
  checkLedger?: typeof checkLedgerInvariants;
};

export type ReconcileResult = {
  /** Overdue running trades looked at. */
  overdue: number;
  /** Settled by this run: their settle job was lost, late or failing. */
  settled: number;
  /** Still waiting for a final price at expiry (a silent feed), or settled meanwhile by their job. */
  unchanged: number;
  failed: number;
  /** Violations found by the ledger check, when this run made one. */
  ledgerViolations: number | null;
};

/**
 * The reconcile job: settle every running trade past expiry + grace straight from Postgres
 * (a Redis restart that lost the delayed jobs, a crash between the placement's commit and its
 * enqueue, a job out of attempts), and, at most once per LEDGER_CHECK_EVERY_MS across all
 * processes, check every ledger invariant and report violations loudly.
 */
export async function runReconcileJob(deps: ReconcileDeps, data: ReconcileJobData): Promise<ReconcileResult> {
  const log = deps.logger.child({ job: 'reconcile' });
  const result: ReconcileResult = { overdue: 0, settled: 0, unchanged: 0, failed: 0, ledgerViolations: null };
  const seen = new Set<string>();
  for (;;) {
    const batch = await overdueRunningTrades(deps.db, { graceMs: data.graceMs, limit: deps.batchSize });
    // Oldest first; trades still waiting for a price come back in the next query: stop there.
    const fresh = batch.filter((t) => !seen.has(t.id));
    if (fresh.length === 0) break;
    result.overdue += fresh.length;
    await eachLimit(fresh, deps.parallel, async (trade) => {
      seen.add(trade.id);
      try {
        const settled = await settleAndNotify(deps, trade.id);
        if (settled.changed) result.settled++;
        else result.unchanged++;
      } catch (err) {
        result.failed++;
        log.error({ err, tradeId: trade.id }, 'reconciler could not settle an overdue trade');
      }
    });
    if (batch.length < deps.batchSize) break;
  }
  if (result.settled > 0 || result.failed > 0) {
    // Normally each trade's own job settles it: this many did not get there.
    log.warn({ ...result, graceMs: data.graceMs }, 'reconciler settled overdue trades');
  }

  result.ledgerViolations = await maybeCheckLedger(deps, log);
  return result;
}

const toPlain = (v: LedgerViolation): Record<string, string | number | null> =>
  Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      typeof x === 'bigint' ? x.toString() : (x as string | number | null),
    ]),
  );

/** The full ledger check, if no process ran it within the period (a Redis key claims the period). */
async function maybeCheckLedger(
  deps: ReconcileDeps,
  log: SettlementContext['logger'],
): Promise<number | null> {
  const claimed = await deps.redis.set(
    deps.redisPrefix + workerKeys.ledgerCheckLock(),
    deps.workerId,
    'PX',
    deps.ledgerCheckEveryMs,
    'NX',
  );
  if (claimed !== 'OK') return null;
  const started = Date.now();
  const violations = await (deps.checkLedger ?? checkLedgerInvariants)(deps.db);
  const report: LedgerCheckReport = {
    at: Date.now(),
    violations: violations.length,
    sample: violations.slice(0, 20).map(toPlain),
    durationMs: Date.now() - started,
  };
  await deps.redis.set(deps.redisPrefix + workerKeys.ledgerCheck(), JSON.stringify(report));
  if (violations.length > 0) {
    log.fatal(
      { ledgerViolations: report.violations, sample: report.sample },
      `LEDGER INVARIANTS VIOLATED: ${report.violations} violation(s); money may be wrong, investigate now`,
    );
  } else {
    log.info({ ledgerViolations: 0, durationMs: report.durationMs }, 'ledger invariants hold');
  }
  return violations.length;
}
