import {
  authResponseSchema,
  type LoginBody,
  loginResponseSchema,
  type TwoFactorVerifyBody,
} from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/login: a session, or a challenge when two-factor sign-in is on. */
export function login(body: LoginBody) {
  return api('/api/auth/login', loginResponseSchema, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** POST /api/auth/2fa/verify: the challenge and a code give the session. */
export function verifyTwoFactor(body: TwoFactorVerifyBody) {
  return api('/api/auth/2fa/verify', authResponseSchema, { method: 'POST', body });
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
