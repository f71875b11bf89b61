import { IDEMPOTENCY_HEADER, type WithdrawalBody, withdrawalCreatedResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/withdrawals `{ amount, method: 'bank' }` plus the four bank fields when they are to
 * be saved with the request; the amount is debited at once. The form's Idempotency-Key makes a
 * retry answer the first request.
 */
export function createWithdrawal({ body, idempotencyKey }: { body: WithdrawalBody; idempotencyKey: string }) {
  return api('/api/withdrawals', withdrawalCreatedResponseSchema, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreateWithdrawal() {
  return useMutation({ mutationFn: createWithdrawal });
}
