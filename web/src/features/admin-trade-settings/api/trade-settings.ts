import { type TradeSetting, type TradeSettingInput, tradeSettingListSchema } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';

/**
 * The durations under the key the trade card reads them from: an edit here shows on this
 * browser's trade card at once. Every write answers with the whole new list.
 */

/** GET /api/trade-setting, shortest first (as the server sorts them). */
export async function listTradeSettings(signal?: AbortSignal): Promise<TradeSetting[]> {
  return (await api('/api/trade-setting', tradeSettingListSchema, { signal })).data;
}

export function useAdminTradeSettings() {
  return useQuery({ queryKey: tradeKeys.settings(), queryFn: ({ signal }) => listTradeSettings(signal) });
}

export type SettingChange =
  | { kind: 'create'; body: TradeSettingInput }
  | { kind: 'update'; id: number; body: TradeSettingInput }
  | { kind: 'delete'; id: number };

/** POST /api/trade-setting, PUT and DELETE /api/trade-setting/:id */
export async function changeTradeSetting(change: SettingChange): Promise<TradeSetting[]> {
  const path = change.kind === 'create' ? '/api/trade-setting' : `/api/trade-setting/${change.id}`;
  const method = change.kind === 'create' ? 'POST' : change.kind === 'update' ? 'PUT' : 'DELETE';
  const body = change.kind === 'delete' ? undefined : change.body;
  return (await api(path, tradeSettingListSchema, { method, body })).data;
}

export function useChangeTradeSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeTradeSetting,
    onSuccess: (list) => client.setQueryData(tradeKeys.settings(), list),
  });
}
