import { type TradeSetting, tradeSettingListSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/trade-setting: the offered durations, shortest first. */
export async function getTradeSettings(signal?: AbortSignal): Promise<TradeSetting[]> {
  const body = await api<unknown>('/api/trade-setting', { signal });
  const parsed = tradeSettingListSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected trade-setting answer');
  return [...parsed.data.data].sort((a, b) => a.seconds - b.seconds || a.id - b.id);
}

/** The durations; a failure to load is logged only (the card then asks to select one). */
export function useTradeSettings() {
  return useQuery(
    (signal) =>
      getTradeSettings(signal).catch((error: unknown) => {
        if (!signal.aborted) console.warn('Failed to load the trade settings', error);
        throw error;
      }),
    [],
  );
}
