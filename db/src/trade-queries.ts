import { decideOutcome, isUuid, type Outcome } from '@app/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { TradeNotFoundError } from './errors.ts';
import { type TradeRow, trades } from './schema/trades.ts';
import { lastTickAtOrBefore } from './ticks.ts';

export type OverdueTrade = Pick<TradeRow, 'id' | 'userId' | 'account' | 'symbol' | 'expiresAt'>;

/** Running trades whose expiry passed more than `graceMs` ago, oldest first: the reconciler's work list. */
export async function overdueRunningTrades(
  db: DbOrTx,
  options: { graceMs: number; limit: number; now?: Date },
): Promise<OverdueTrade[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  return db
    .select({
      id: trades.id,
      userId: trades.userId,
      account: trades.account,
      symbol: trades.symbol,
      expiresAt: trades.expiresAt,
    })
    .from(trades)
    .where(and(eq(trades.status, 'running'), lt(trades.expiresAt, cutoff)))
    .orderBy(asc(trades.expiresAt))
    .limit(options.limit);
}

/** A tick as settlement reads it from the archive. */
export type ExitTick = {
  priceE8: bigint;
  aggTradeId: number | null;
  exchangeTs: Date;
  source: string;
  second: Date;
};

export type TradeOutcome = Outcome & { exit: ExitTick | null };

export type RecomputedOutcome = {
  trade: TradeRow;
  /** Null for trades not decided by prices (running, cancelled). */
  recomputed: TradeOutcome | null;
  /** The stored result equals the one recomputed from the archive (true when nothing to compare). */
  matches: boolean;
};

/**
 * Recompute a settled trade's result from the tick archive with the rules of @app/shared
 * (decideOutcome), for audits and as the tests' oracle of what the database wrote.
 */
export async function recomputeOutcome(db: DbOrTx, tradeId: string): Promise<RecomputedOutcome> {
  if (!isUuid(tradeId)) throw new TradeNotFoundError(tradeId);
  const [trade] = await db.select().from(trades).where(eq(trades.id, tradeId));
  if (!trade) throw new TradeNotFoundError(tradeId);
  if (trade.status === 'running' || trade.status === 'cancelled' || trade.staleAfterMs === null) {
    return { trade, recomputed: null, matches: true };
  }
  const tick = await lastTickAtOrBefore(db, trade.symbol, trade.expiresAt, {
    liveOnly: trade.account === 'real',
  });
  const exit: ExitTick | null = tick
    ? {
        priceE8: tick.priceE8,
        aggTradeId: tick.aggTradeId,
        exchangeTs: tick.exchangeTs,
        source: tick.source,
        second: tick.second,
      }
    : null;
  const recomputed = { ...decideOutcome(trade, exit, trade.staleAfterMs), exit };
  const matches =
    recomputed.status === trade.status &&
    recomputed.payout === trade.payout &&
    recomputed.profit === trade.profit &&
    recomputed.voidReason === trade.voidReason &&
    (exit?.priceE8 ?? null) === trade.exitPriceE8 &&
    (exit?.aggTradeId ?? null) === trade.exitAggTradeId &&
    (exit?.exchangeTs.getTime() ?? null) === (trade.exitExchangeTs?.getTime() ?? null) &&
    (exit?.source ?? null) === trade.exitSource;
  return { trade, recomputed, matches };
}
