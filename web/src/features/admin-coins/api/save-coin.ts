import { type CoinInput, coinResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { coinKeys } from './keys.ts';

/** POST /api/admin/coins: a new coin, or an edit of the coin `editing` names. */
export function saveCoin(body: CoinInput) {
  return api('/api/admin/coins', coinResponseSchema, { method: 'POST', body });
}

export function useSaveCoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCoin,
    onSettled: () => client.invalidateQueries({ queryKey: coinKeys.lists() }),
  });
}
