import { tradeResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

/** GET /api/trades/:id: one of my trades with its settlement receipt. */
export async function getTrade(id: string, signal?: AbortSignal) {
  const { trade } = await api(`/api/trades/${encodeURIComponent(id)}`, tradeResponseSchema, { signal });
  return trade;
}

/** A `trade:settled` event writes the settled trade into this entry (lib/query/cache-sync.ts). */
export function useTrade(id: string) {
  return useQuery({ queryKey: tradeKeys.detail(id), queryFn: ({ signal }) => getTrade(id, signal) });
}
