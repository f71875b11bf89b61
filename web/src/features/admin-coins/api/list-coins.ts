import { ADMIN_COINS_PAGE_SIZE, coinListResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { coinKeys } from './keys.ts';

export interface CoinQuery {
  q: string;
  page: number;
}

/** GET /api/admin/coins: every coin, enabled or not, 10 per page. */
export function listCoins(query: CoinQuery, signal?: AbortSignal) {
  return api('/api/admin/coins', coinListResponseSchema, {
    query: { ...query, limit: ADMIN_COINS_PAGE_SIZE },
    signal,
  });
}

export function useCoins(query: CoinQuery) {
  return useQuery({
    queryKey: coinKeys.list(query),
    queryFn: ({ signal }) => listCoins(query, signal),
    placeholderData: keepPreviousData,
  });
}
