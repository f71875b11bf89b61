import {
  messageResponseSchema,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

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

/** POST /api/auth/2fa/enable and /disable: the status is read again after either. */
function useChange<B>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api(path, messageResponseSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}

export const useEnableTwoFactor = () => useChange<TwoFactorEnableBody>('/api/auth/2fa/enable');
export const useDisableTwoFactor = () => useChange<TwoFactorDisableBody>('/api/auth/2fa/disable');
