import { type MoneyAccount, TRADE_LOG_ADMIN_LIMIT, type TradeLogFilter, tradeLogSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminUserKeys } from './keys.ts';

export type UserTradesFilter = { filter: TradeLogFilter; account: MoneyAccount; page: number };

/** GET /api/trade-log/user/:id: one user's trades, newest first, 10 a page. */
export function getUserTrades(id: string, filter: UserTradesFilter, signal?: AbortSignal) {
  return api(`/api/trade-log/user/${encodeURIComponent(id)}`, tradeLogSchema, {
    query: { ...filter, limit: TRADE_LOG_ADMIN_LIMIT },
    signal,
  });
}

export function useUserTrades(id: string, filter: UserTradesFilter) {
  return useQuery({
    queryKey: adminUserKeys.trades(id, filter),
    queryFn: ({ signal }) => getUserTrades(id, filter, signal),
    placeholderData: keepPreviousData,
  });
}
