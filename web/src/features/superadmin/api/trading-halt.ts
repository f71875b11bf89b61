import { adminTradingHaltStateSchema, marketResponseSchema, type TradingHaltUpdateBody } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys, infoKeys } from '../../../lib/query/index.ts';

/** GET /api/superadmin/trading-halt: the halts standing now, with who set each. */
export function useAdminTradingHalt() {
  return useQuery({
    queryKey: adminKeys.tradingHalt(),
    queryFn: ({ signal }) => api('/api/superadmin/trading-halt', adminTradingHaltStateSchema, { signal }),
  });
}

/** The coins a halt can name: the market's list (the same the trade pages show). */
export function useHaltableCoins() {
  return useQuery({
    queryKey: [...adminKeys.tradingHalt(), 'coins'],
    queryFn: async ({ signal }) =>
      (await api('/api/market', marketResponseSchema, { signal })).coins.map((c) => c.symbol),
  });
}

/** PUT /api/superadmin/trading-halt: start or end a halt; the answer is the new state. */
export function useSaveTradingHalt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TradingHaltUpdateBody) =>
      api('/api/superadmin/trading-halt', adminTradingHaltStateSchema, { method: 'PUT', body }),
    onSuccess: (state) => {
      client.setQueryData(adminKeys.tradingHalt(), state);
      void client.invalidateQueries({ queryKey: infoKeys.tradingHalt() });
    },
  });
}
