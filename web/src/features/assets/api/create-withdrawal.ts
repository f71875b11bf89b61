import {
  IDEMPOTENCY_HEADER,
  type Withdrawal,
  type WithdrawalBody,
  withdrawalCreatedResponseSchema,
} from '@app/shared';
import { ApiError, api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

export type WithdrawalCreated = {
  withdrawal: Withdrawal;
  balances: { real: number; practice: number };
  message: string;
};

/**
 * POST /api/withdrawals `{ amount, method: 'bank' }` plus the four bank fields when they are to
 * be saved with the request; the amount is debited at once. The form's Idempotency-Key makes a
 * retry answer the first request.
 */
export async function createWithdrawal(
  body: WithdrawalBody,
  idempotencyKey: string,
): Promise<WithdrawalCreated> {
  const answer = await api<unknown>('/api/withdrawals', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  const parsed = withdrawalCreatedResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError(200, null);
  return parsed.data;
}

export function useCreateWithdrawal() {
  return useMutation(createWithdrawal);
}
