import type { Trade } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { tradeOf } from '../../../lib/trades.ts';

/** GET /api/trades/:id: one of my trades with its settlement receipt. */
export async function getTrade(id: string, signal?: AbortSignal): Promise<Trade> {
  const trade = tradeOf(await api<unknown>(`/api/trades/${encodeURIComponent(id)}`, { signal }));
  if (!trade) throw new Error('unexpected trade answer');
  return trade;
}
