import { authResponseSchema, type LoginBody } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/login */
export function login(body: LoginBody) {
  return api('/api/auth/login', authResponseSchema, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
