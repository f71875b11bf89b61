import { tradeResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/trades/:id: one of my trades as it is now (the trade flow's fallback when an event was missed). */
export async function getTrade(id: string, signal?: AbortSignal) {
  const { trade } = await api(`/api/trades/${encodeURIComponent(id)}`, tradeResponseSchema, { signal });
  return trade;
}
