import { type CreateAccountBody, userMessageResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type AccountKind = 'user' | 'admin';

/** POST /api/superadmin/create-user or /api/superadmin/create-admin */
export function createAccount({ kind, body }: { kind: AccountKind; body: CreateAccountBody }) {
  return api(`/api/superadmin/create-${kind}`, userMessageResponseSchema, { method: 'POST', body });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
