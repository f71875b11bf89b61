import { authResponseSchema, type RegisterBody } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/register */
export function register(body: RegisterBody) {
  return api('/api/auth/register', authResponseSchema, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
