import { coinResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { coinKeys } from './keys.ts';

/** DELETE /api/admin/coins/:symbol (refused while the coin has running trades or archived prices). */
export function deleteCoin(symbol: string) {
  return api(`/api/admin/coins/${encodeURIComponent(symbol)}`, coinResponseSchema, { method: 'DELETE' });
}

export function useDeleteCoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCoin,
    onSettled: () => client.invalidateQueries({ queryKey: coinKeys.lists() }),
  });
}
