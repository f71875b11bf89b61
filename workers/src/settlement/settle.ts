import { type Db, getBalances, type SettleOptions, type SettleResult, settleTrade } from '@app/db';
import { isUuid } from '@app/shared';
import type { Logger } from '../logger.ts';
import type { SettlementNotifier } from './notifier.ts';

/** settleTrade's signature: tests put a failing one in its place. */
export type Settler = (db: Db, tradeId: string, options: SettleOptions) => Promise<SettleResult>;

/** What both the settle job and the reconciler settle with. */
export type SettlementContext = {
  db: Db;
  notifier: SettlementNotifier;
  /** TRADE_STALE_AFTER_MS */
  staleAfterMs: number;
  logger: Logger;
  settle?: Settler;
};

export const isTradeId = isUuid;

/**
 * One settlement attempt (@app/db locks the trade and does nothing unless it is running and
 * its price at expiry is final); the call that settles it tells the owner.
 */
export async function settleAndNotify(ctx: SettlementContext, tradeId: string): Promise<SettleResult> {
  const result = await (ctx.settle ?? settleTrade)(ctx.db, tradeId, { staleAfterMs: ctx.staleAfterMs });
  if (!result.changed) return result;
  const { trade } = result;
  ctx.logger.info(
    {
      tradeId: trade.id,
      userId: trade.userId,
      account: trade.account,
      status: trade.status,
      payout: trade.payout?.toString() ?? null,
      lateMs: (trade.settledAt?.getTime() ?? Date.now()) - trade.expiresAt.getTime(),
    },
    'trade settled',
  );
  try {
    ctx.notifier.settled(trade, result.balances ?? (await getBalances(ctx.db, trade.userId)));
  } catch (err) {
    // Committed already: a retry would find nothing to do, so no retry for an event.
    ctx.logger.error({ err, tradeId: trade.id }, 'trade settled, but its events were not sent');
  }
  return result;
}

/** Run `work` over `items`, at most `limit` at a time. */
export async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
