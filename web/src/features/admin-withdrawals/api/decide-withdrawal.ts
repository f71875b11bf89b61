import type { WithdrawalDecision, WithdrawalDetail } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

export interface WithdrawalDecisionResponse {
  withdrawal: WithdrawalDetail;
  message: string;
}

/** PUT /api/withdrawals/:id/status `{ status, remarks }` (409 if already decided). */
export function decideWithdrawal(id: string, body: WithdrawalDecision): Promise<WithdrawalDecisionResponse> {
  return api<WithdrawalDecisionResponse>(`/api/withdrawals/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body,
  });
}

export function useDecideWithdrawal() {
  return useMutation(decideWithdrawal);
}
