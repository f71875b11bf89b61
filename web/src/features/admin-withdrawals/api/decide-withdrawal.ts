import { type WithdrawalDecision, withdrawalDecisionResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/withdrawals/:id/status `{ status, remarks }` (409 if already decided). */
export function decideWithdrawal({ id, decision }: { id: string; decision: WithdrawalDecision }) {
  return api(`/api/withdrawals/${encodeURIComponent(id)}/status`, withdrawalDecisionResponseSchema, {
    method: 'PUT',
    body: decision,
  });
}

export function useDecideWithdrawal() {
  return useMutation({ mutationFn: decideWithdrawal });
}
