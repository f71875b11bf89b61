import type { BankBody, UserMessageResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/user/me/bank */
export function saveBank(body: BankBody): Promise<UserMessageResponse> {
  return api<UserMessageResponse>('/api/user/me/bank', { method: 'PUT', body });
}

export function useSaveBank() {
  return useMutation(saveBank);
}
