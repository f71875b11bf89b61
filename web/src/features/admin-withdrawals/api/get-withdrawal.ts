import { withdrawalDetailResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withdrawalKeys } from '../../../lib/query/index.ts';

/** GET /api/withdrawals/:id: the request with the user's bank details and its ledger entries. */
export function getWithdrawal(id: string, signal?: AbortSignal) {
  return api(`/api/withdrawals/${encodeURIComponent(id)}`, withdrawalDetailResponseSchema, { signal });
}

export function useWithdrawal(id: string) {
  return useQuery({
    queryKey: withdrawalKeys.detail(id),
    queryFn: ({ signal }) => getWithdrawal(id, signal),
  });
}
