import { tradeSettingListSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

/** GET /api/trade-setting: the durations on offer and what each pays, shortest first. */
export async function getPayouts(signal?: AbortSignal) {
  const { data } = await api('/api/trade-setting', tradeSettingListSchema, { signal });
  return [...data].sort((a, b) => a.seconds - b.seconds || a.id - b.id);
}

/** Under the trade card's key: one request serves both. */
export function usePayouts() {
  return useQuery({ queryKey: tradeKeys.settings(), queryFn: ({ signal }) => getPayouts(signal) });
}
