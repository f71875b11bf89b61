import { IDEMPOTENCY_HEADER, topupResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type TopupRequest = { amount: number; voucher: File; idempotencyKey: string };

/**
 * POST /api/topups as multipart/form-data (`amount`, `currency` INR, file `voucher`) with the
 * form's Idempotency-Key.
 */
export function createTopup({ amount, voucher, idempotencyKey }: TopupRequest) {
  const form = new FormData();
  form.append('amount', String(amount));
  form.append('currency', 'INR');
  form.append('voucher', voucher, voucher.name);
  return api('/api/topups', topupResponseSchema, {
    method: 'POST',
    body: form,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup });
}
