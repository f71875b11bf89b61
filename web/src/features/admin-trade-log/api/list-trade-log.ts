import { type MoneyAccount, TRADE_LOG_ADMIN_LIMIT, type TradeLogFilter, tradeLogSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { isRunning } from '../../../lib/trades.ts';
import { tradeLogKeys } from './keys.ts';

export interface TradeLogQuery {
  filter: TradeLogFilter;
  account: MoneyAccount;
  q: string;
  from?: string;
  to?: string;
  page: number;
}

/** While a listed trade runs, the page is read again this often to show it settle. */
export const RUNNING_REFRESH_MS = 5_000;

/** GET /api/trade-log: everybody's trades, 10 per page. */
export function listTradeLog(query: TradeLogQuery, signal?: AbortSignal) {
  return api('/api/trade-log', tradeLogSchema, {
    query: { ...query, limit: TRADE_LOG_ADMIN_LIMIT },
    signal,
  });
}

export function useTradeLog(query: TradeLogQuery) {
  return useQuery({
    queryKey: tradeLogKeys.list(query),
    queryFn: ({ signal }) =>
      listTradeLog(query, signal).catch((error: unknown) => {
        // The spec logs load failures only; the table then says it has no trades.
        if (!signal.aborted) console.warn('Failed to load the trade log', error);
        throw error;
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(isRunning) ? RUNNING_REFRESH_MS : false),
  });
}
