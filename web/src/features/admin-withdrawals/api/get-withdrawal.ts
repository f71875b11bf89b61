import type { WithdrawalDetail } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/withdrawals/:id: the request with the user's bank details and its ledger entries. */
export function getWithdrawal(id: string, signal?: AbortSignal) {
  return api<{ withdrawal: WithdrawalDetail }>(`/api/withdrawals/${encodeURIComponent(id)}`, { signal });
}

export function useWithdrawal(id: string, refreshKey: number) {
  return useQuery((signal) => getWithdrawal(id, signal), [id, refreshKey]);
}
