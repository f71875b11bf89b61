import { type BankBody, userMessageResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PUT /api/user/me/bank */
export function saveBank(body: BankBody) {
  return api('/api/user/me/bank', userMessageResponseSchema, { method: 'PUT', body });
}

export function useSaveBank() {
  return useMutation({ mutationFn: saveBank });
}
