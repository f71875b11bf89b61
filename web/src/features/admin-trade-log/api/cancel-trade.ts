import { cancelTradeResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeLogKeys } from './keys.ts';

/** POST /api/admin/trades/:id/cancel: a running trade ends, its stake refunded, the reason shown to its owner. */
export function cancelTrade({ id, reason }: { id: string; reason: string }) {
  return api(`/api/admin/trades/${encodeURIComponent(id)}/cancel`, cancelTradeResponseSchema, {
    method: 'POST',
    body: { reason },
  });
}

export function useCancelTrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelTrade,
    // Cancelled or refused (it settled meanwhile): the row is read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: tradeLogKeys.lists() }),
  });
}
