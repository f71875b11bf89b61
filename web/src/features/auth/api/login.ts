import type { AuthResponse, LoginBody } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** POST /api/auth/login */
export function login(body: LoginBody): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation(login);
}
