import type { AuthResponse, RegisterBody } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** POST /api/auth/register */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  return useMutation(register);
}
