import { TradeNotFoundError } from '@app/db';
import type { SettleTradeJobData, TradeStatus } from '@app/shared';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import type { ArchiveWatch } from './archive-watch.ts';
import { isTradeId, type SettlementContext, settleAndNotify } from './settle.ts';

export type SettleJobDeps = SettlementContext & {
  /** Announcements of archive progress; without it, waiting is re-checking alone. */
  watch?: ArchiveWatch;
  /** SETTLEMENT_RECHECK_MS */
  recheckMs: number;
  now?: () => number;
};

export type SettleJobResult = { status: TradeStatus; changed: boolean };

/**
 * Longest a job waits in the worker for the archive to pass its expiry, holding its slot. The
 * tick after expiry normally lands within milliseconds of the second ending; past this the
 * job gives its slot back and re-checks from the delayed set.
 */
export const IN_PROCESS_WAIT_MS = 300;

/**
 * When to look again at a trade whose price at expiry is not final yet: at expiry if early,
 * then every `recheckMs`, slower the longer the feed stays silent (up to 1 s), and right
 * after the staleness bound, when settleTrade stops waiting and voids.
 */
export function recheckAt(now: number, expiry: number, staleAfterMs: number, recheckMs: number): number {
  if (now < expiry) return expiry;
  const step = Math.min(1_000, Math.max(recheckMs, Math.floor((now - expiry) / 4)));
  const voidFrom = expiry + staleAfterMs;
  return now < voidFrom ? Math.min(now + step, voidFrom + 1) : now + step;
}

/**
 * The `settle` job: settle the trade once the archive holds a tick after its expiry (the
 * last tick at or before expiry is then final). Waiting for that tick never uses up an
 * attempt: the job waits briefly in process for the archive's announcement, else moves
 * itself back to the delayed set. Errors (the database away) throw, and BullMQ retries with
 * the job's backoff; a trade that does not exist cannot be helped by a retry.
 */
export async function runSettleJob(
  deps: SettleJobDeps,
  job: Job<SettleTradeJobData>,
  token: string | undefined,
): Promise<SettleJobResult> {
  const { tradeId } = job.data;
  if (!isTradeId(tradeId)) throw new UnrecoverableError(`not a trade id: ${String(tradeId)}`);
  const now = deps.now ?? Date.now;

  // Straight to settleTrade: in a burst of expiries most jobs find the price final already.
  let result = await attempt(deps, tradeId);
  if (!result.awaitingPrice) return { status: result.trade.status, changed: result.changed };

  const { symbol } = result.trade;
  const expiry = result.trade.expiresAt.getTime();
  if (await archivePassed(deps, symbol, expiry)) {
    result = await attempt(deps, tradeId);
    if (!result.awaitingPrice) return { status: result.trade.status, changed: result.changed };
  }
  return moveBack(
    job,
    token,
    recheckAt(now(), expiry, deps.staleAfterMs, deps.recheckMs),
    `waiting for the price at expiry of trade ${tradeId}`,
  );
}

/**
 * Wait in the worker, briefly, for the archive of `symbol` to pass `expiry` (true once it
 * has): only right after expiry and while the symbol's archive is moving, since a silent feed
 * would hold the job's slot for nothing.
 */
export async function archivePassed(
  deps: Pick<SettleJobDeps, 'watch' | 'now'>,
  symbol: string,
  expiry: number,
): Promise<boolean> {
  const wait = expiry - (deps.now ?? Date.now)() + IN_PROCESS_WAIT_MS;
  if (!deps.watch || wait <= 0 || wait > 2 * IN_PROCESS_WAIT_MS || !deps.watch.isMoving(symbol)) return false;
  return deps.watch.waitPast(symbol, expiry, wait);
}

/** Give the slot back until `at`: the job returns to the delayed set without using an attempt. */
export async function moveBack(job: Job, token: string | undefined, at: number, why: string): Promise<never> {
  await job.moveToDelayed(at, token);
  throw new DelayedError(why);
}

async function attempt(deps: SettleJobDeps, tradeId: string) {
  try {
    return await settleAndNotify(deps, tradeId);
  } catch (err) {
    if (err instanceof TradeNotFoundError) throw new UnrecoverableError(`trade ${tradeId} does not exist`);
    throw err;
  }
}
