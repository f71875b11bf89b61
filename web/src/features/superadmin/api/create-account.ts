import type { CreateAccountBody, UserMessageResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

export type AccountKind = 'user' | 'admin';

/** POST /api/superadmin/create-user or /api/superadmin/create-admin */
export function createAccount(kind: AccountKind, body: CreateAccountBody): Promise<UserMessageResponse> {
  return api<UserMessageResponse>(`/api/superadmin/create-${kind}`, { method: 'POST', body });
}

export function useCreateAccount() {
  return useMutation(createAccount);
}
