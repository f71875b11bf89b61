import type { MoneyAccount, Trade, TradeList } from '@app/shared';
import { isRunning } from './trades.ts';

/**
 * Live changes to the two order tables of one account. A new trade joins the first page of
 * Running; a settled one leaves Running and joins the first page of Closed. Other pages only
 * count it (their rows stay put until the reader turns the page).
 */

function upsertFirst(list: TradeList, trade: Trade): TradeList {
  const i = list.items.findIndex((t) => t.id === trade.id);
  if (i >= 0) {
    const items = [...list.items];
    items[i] = trade;
    return { ...list, items };
  }
  const items = list.page === 1 ? [trade, ...list.items].slice(0, list.limit) : list.items;
  return { ...list, items, total: list.total + 1 };
}

/** `trade:placed`: the trade is running in this account. */
export function withPlaced(running: TradeList, trade: Trade, account: MoneyAccount): TradeList {
  if (trade.account !== account || !isRunning(trade)) return running;
  return upsertFirst(running, trade);
}

/** `trade:settled`, Running table: the trade leaves it. */
export function withoutSettled(running: TradeList, trade: Trade): TradeList {
  if (!running.items.some((t) => t.id === trade.id)) return running;
  return {
    ...running,
    items: running.items.filter((t) => t.id !== trade.id),
    total: Math.max(0, running.total - 1),
  };
}

/** `trade:settled`, Closed table: the trade joins it. */
export function withSettled(closed: TradeList, trade: Trade, account: MoneyAccount): TradeList {
  if (trade.account !== account || isRunning(trade)) return closed;
  return upsertFirst(closed, trade);
}

export function pageCount(list: Pick<TradeList, 'total' | 'limit'>): number {
  return Math.max(1, Math.ceil(list.total / Math.max(1, list.limit)));
}
