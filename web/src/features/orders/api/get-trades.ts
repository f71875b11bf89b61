import { type MoneyAccount, tradeListSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

export type TradeListFilter = {
  status: 'running' | 'completed';
  account: MoneyAccount;
  page: number;
  limit: number;
};

/** GET /api/trades: my trades of one account, running or completed, newest first. */
export function getTrades(filter: TradeListFilter, signal?: AbortSignal) {
  return api('/api/trades', tradeListSchema, { query: { ...filter, sort: '-createdAt' }, signal });
}

/**
 * One order table. `trade:placed` and `trade:settled` are applied to the cached pages where
 * they are (lib/query/cache-sync.ts), so a live change needs no request.
 */
export function useTrades(filter: TradeListFilter) {
  return useQuery({
    queryKey: tradeKeys.list(filter),
    queryFn: ({ signal }) => getTrades(filter, signal),
    placeholderData: keepPreviousData,
  });
}
