import { tradeSettingListSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

/** GET /api/trade-setting: the offered durations, shortest first. */
export async function getTradeSettings(signal?: AbortSignal) {
  const { data } = await api('/api/trade-setting', tradeSettingListSchema, { signal });
  return [...data].sort((a, b) => a.seconds - b.seconds || a.id - b.id);
}

/** The durations; a failure to load is logged only (the card then asks to select one). */
export function useTradeSettings() {
  return useQuery({
    queryKey: tradeKeys.settings(),
    queryFn: ({ signal }) =>
      getTradeSettings(signal).catch((error: unknown) => {
        if (!signal.aborted) console.warn('Failed to load the trade settings', error);
        throw error;
      }),
  });
}
