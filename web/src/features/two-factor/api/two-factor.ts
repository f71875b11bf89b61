import {
  messageResponseSchema,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session/index.ts';

export const twoFactorKeys = { status: () => ['two-factor'] as const };

/** GET /api/auth/2fa */
export function getTwoFactorStatus(signal?: AbortSignal) {
  return api('/api/auth/2fa', twoFactorStatusSchema, { signal });
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => getTwoFactorStatus(signal) });
}

/** POST /api/auth/2fa/setup: a new secret and recovery codes, shown once. */
export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: () => api('/api/auth/2fa/setup', twoFactorSetupResponseSchema, { method: 'POST', body: {} }),
  });
}

/**
 * POST /api/auth/2fa/enable. Every other session of the user ends (their devices are signed out
 * and told why); the answer carries a new token that keeps this one (lib/session renewToken),
 * as a password change does.
 */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorEnableBody) =>
      useSession
        .getState()
        .renewToken(() =>
          api('/api/auth/2fa/enable', twoFactorEnableResponseSchema, { method: 'POST', body }),
        ),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}

/** POST /api/auth/2fa/disable: the status is read again after it. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) =>
      api('/api/auth/2fa/disable', messageResponseSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}
