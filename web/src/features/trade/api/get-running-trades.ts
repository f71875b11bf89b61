import { type MoneyAccount, type TradeList, tradeListSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

/** As many running trades as one page of the API holds: more at once is not a screen's worth. */
export const RUNNING_LIMIT = 100;

/** How long past its expiry a listed trade may wait for its settled event before the list is asked again. */
export const OVERDUE_MS = 5000;

/**
 * When to ask for the list again: once the first listed trade is overdue (its settled event
 * should have come by then), at least OVERDUE_MS apart; never while nothing runs.
 */
export function recheckInMs(list: TradeList | undefined, now: number): number | false {
  if (!list || list.items.length === 0) return false;
  const due = Math.min(...list.items.map((t) => Date.parse(t.expiresAt) + OVERDUE_MS));
  return Math.max(OVERDUE_MS, due - now);
}

/**
 * GET /api/trades?status=running: my running trades of one account, every coin. The key is
 * an order list's (status, account, page, limit), so `trade:placed` and `trade:settled` keep
 * it current in the cache (lib/query/cache-sync.ts) and a reload asks the server again. A
 * settled event that never came (a dropped connection) cannot keep a trade on screen: an
 * overdue one makes the list ask again.
 */
export function useRunningTradeList(account: MoneyAccount, enabled: boolean) {
  const filter = { status: 'running' as const, account, page: 1, limit: RUNNING_LIMIT };
  return useQuery({
    queryKey: tradeKeys.list(filter),
    queryFn: ({ signal }) =>
      api('/api/trades', tradeListSchema, { query: { ...filter, sort: '-createdAt' }, signal }),
    enabled,
    refetchInterval: (query) => recheckInMs(query.state.data, Date.now()),
  });
}
