import { tradingHaltStateSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { infoKeys } from '../../../lib/query/index.ts';

/**
 * GET /api/trading-halt: the halts standing now. The `trading:halt` event replaces the answer
 * (lib/query/cache-sync.ts), so it is never stale while the socket is up.
 */
export function useTradingHalt() {
  return useQuery({
    queryKey: infoKeys.tradingHalt(),
    queryFn: ({ signal }) => api('/api/trading-halt', tradingHaltStateSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
