import type { Trade } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { tradeOf } from '../../../lib/trades.ts';

/** GET /api/trades/:id: one of my trades as it is now (the fallback when an event was missed). */
export async function getTrade(id: string, signal?: AbortSignal): Promise<Trade | null> {
  return tradeOf(await api<unknown>(`/api/trades/${encodeURIComponent(id)}`, { signal }));
}
