import { type SettleExpiryResult, settleExpiry } from '@app/db';
import type { SettleExpiryJobData } from '@app/shared';
import { type Job, UnrecoverableError } from 'bullmq';
import { archivePassed, moveBack, recheckAt, type SettleJobDeps } from './settle.job.ts';
import { eachLimit, settleAndNotify } from './settle.ts';

export type SettleExpiryJobDeps = SettleJobDeps & {
  /** SETTLEMENT_EXPIRY_BATCH: trades settled per transaction. */
  expiryBatch: number;
};

export type SettleExpiryJobResult = {
  /** Trades this run settled, in batches and one by one. */
  settled: number;
  /** settle_expiry calls (transactions). */
  batches: number;
  /** Trades settled one by one because another transaction held them when the batch ran. */
  oneByOne: number;
};

/**
 * How often a run looks again at trades another transaction held (a cancel, the reconciler,
 * another run of this job: all short) before waiting on them one by one.
 */
const LOCKED_LOOKS = 3;
const LOCKED_PAUSE_MS = 25;
/** Per-trade settlements at once (they mostly wait for another transaction's row lock). */
const ONE_BY_ONE_PARALLEL = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The `settleExpiry` job: settle every running trade of one symbol expiring at one instant,
 * SETTLEMENT_EXPIRY_BATCH per transaction, telling the owners after each commit (`trade:settled`
 * per trade, one `balance` per owner per batch). Waits for the price at expiry to be final
 * exactly as the `settle` job does (briefly in process, else back to the delayed set without
 * using an attempt). Safe to run twice and concurrently: a run skips the trades another holds
 * and settles nothing that is no longer running. Errors (the database away) throw, and BullMQ
 * retries with the job's backoff; what a run left behind, the reconciler settles.
 */
export async function runSettleExpiryJob(
  deps: SettleExpiryJobDeps,
  job: Job<SettleExpiryJobData>,
  token: string | undefined,
): Promise<SettleExpiryJobResult> {
  const { symbol, expiresAt } = job.data;
  if (typeof symbol !== 'string' || symbol === '' || !Number.isSafeInteger(expiresAt)) {
    throw new UnrecoverableError(`not a symbol and expiry: ${JSON.stringify(job.data)}`);
  }
  const now = deps.now ?? Date.now;
  const result: SettleExpiryJobResult = { settled: 0, batches: 0, oneByOne: 0 };

  // Straight to settlement: normally the archive has passed the expiry by the time the job runs.
  const settling = settleInstant(deps, symbol, expiresAt, result);
  let awaitingPrice = await settling;
  if (awaitingPrice && (await archivePassed(deps, symbol, expiresAt))) {
    awaitingPrice = await settleInstant(deps, symbol, expiresAt, result);
  }
  if (!awaitingPrice) return result;
  return moveBack(
    job,
    token,
    recheckAt(now(), expiresAt, deps.staleAfterMs, deps.recheckMs),
    `waiting for the ${symbol} price at ${new Date(expiresAt).toISOString()}`,
  );
}

/** Settle what is running at the instant; true when the price at expiry is not final yet. */
async function settleInstant(
  deps: SettleExpiryJobDeps,
  symbol: string,
  expiry: number,
  result: SettleExpiryJobResult,
): Promise<boolean> {
  const expiresAt = new Date(expiry);
  const log = deps.logger.child({ job: 'settleExpiry', symbol, expiresAt: expiresAt.toISOString() });
  const triedOneByOne = new Set<string>();
  const oneByOne = async (ids: readonly string[]): Promise<boolean> => {
    let awaiting = false;
    await eachLimit(ids, ONE_BY_ONE_PARALLEL, async (id) => {
      // Never twice in one pass: a trade that stays running through settleTrade is the
      // reconciler's (or the next run's), not a reason to go round in circles.
      if (triedOneByOne.has(id)) throw new Error(`trade ${id} is still running after settleTrade`);
      triedOneByOne.add(id);
      result.oneByOne++;
      const settled = await settleAndNotify(deps, id);
      if (settled.changed) result.settled++;
      if (settled.awaitingPrice) awaiting = true;
    });
    return awaiting;
  };

  const run = () => {
    const started = Date.now();
    const running = settleExpiry(deps.db, {
      symbol,
      expiresAt,
      staleAfterMs: deps.staleAfterMs,
      limit: deps.expiryBatch,
    }).then((batch) => ({ batch, batchMs: Date.now() - started }));
    // Awaited below; until then a failure must not count as unhandled.
    running.catch(() => {});
    return running;
  };

  let next: ReturnType<typeof run> | undefined = run();
  for (let lockedLooks = 0; next; ) {
    const { batch, batchMs } = await next;
    next = undefined;
    const committed = Date.now();
    result.batches++;
    result.settled += batch.settled.length;
    // The next batch runs in Postgres while this one's events go out.
    if (batch.more) next = run();
    if (batch.settled.length > 0) await notify(deps, log, batch);
    if (batch.settled.length > 0 || batch.locked.length > 0) {
      logBatch(log, batch, { expiry, batchMs, notifyMs: Date.now() - committed });
    }
    if (batch.awaitingPrice) return true;
    if (batch.more) {
      next ??= run();
      continue;
    }

    const held = batch.locked.filter((id) => !triedOneByOne.has(id));
    if (held.length === 0) return false;
    // Held by another transaction: look again shortly (it settles or releases them), then
    // settle them one by one, which waits for each lock.
    if (lockedLooks++ < LOCKED_LOOKS) {
      await sleep(LOCKED_PAUSE_MS * lockedLooks);
      next = run();
      continue;
    }
    return oneByOne(held);
  }
  return false;
}

/**
 * `trade:settled` per trade and `balance` per owner, with the owners' balances the batch read in
 * its own transaction (no query here: one after the commit waited behind the burst's other batches).
 */
async function notify(deps: SettleExpiryJobDeps, log: SettleJobDeps['logger'], batch: SettleExpiryResult) {
  const trades = batch.settled.map((s) => s.trade);
  try {
    await deps.notifier.settledMany(trades, new Map(batch.settled.map((s) => [s.trade.userId, s.balances])));
  } catch (err) {
    // Committed already: a retry would find nothing to do, so no retry for events.
    log.error({ err, trades: trades.length }, 'trades settled, but their events were not sent');
  }
}

function logBatch(
  log: SettleJobDeps['logger'],
  batch: SettleExpiryResult,
  times: { expiry: number; batchMs: number; notifyMs: number },
) {
  const statuses: Record<string, number> = {};
  for (const { trade } of batch.settled) statuses[trade.status] = (statuses[trade.status] ?? 0) + 1;
  log.info(
    {
      settled: batch.settled.length,
      ...statuses,
      locked: batch.locked.length,
      awaitingPrice: batch.awaitingPrice,
      more: batch.more,
      batchMs: times.batchMs,
      // The batch's events were published this long after their expiry.
      lateMs: Date.now() - times.expiry,
      notifyMs: times.notifyMs,
    },
    'expiry batch settled',
  );
  if (!log.isLevelEnabled('debug')) return;
  for (const { trade, balanceAfter } of batch.settled) {
    log.debug(
      {
        tradeId: trade.id,
        userId: trade.userId,
        account: trade.account,
        status: trade.status,
        payout: trade.payout?.toString() ?? null,
        balanceAfter: balanceAfter.toString(),
      },
      'trade settled',
    );
  }
}
