import {
  type CoolOffBody,
  type LimitsUpdateBody,
  responsibleTradingResponseSchema,
  responsibleTradingSchema,
  type SelfExclusionBody,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const limitsKeys = { mine: () => ['responsible-trading'] as const };

/** GET /api/user/me/limits */
export function getLimits(signal?: AbortSignal) {
  return api('/api/user/me/limits', responsibleTradingSchema, { signal });
}

export function useLimits() {
  return useQuery({ queryKey: limitsKeys.mine(), queryFn: ({ signal }) => getLimits(signal) });
}

/** A change of the settings; the answer carries them as they are now. */
function useChange<B>(method: 'PUT' | 'POST', path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api(path, responsibleTradingResponseSchema, { method, body }),
    onSuccess: (answer) => client.setQueryData(limitsKeys.mine(), answer.settings),
  });
}

/** PUT /api/user/me/limits */
export const useUpdateLimits = () => useChange<LimitsUpdateBody>('PUT', '/api/user/me/limits');
/** POST /api/user/me/cool-off */
export const useCoolOff = () => useChange<CoolOffBody>('POST', '/api/user/me/cool-off');
/** POST /api/user/me/self-exclusion */
export const useSelfExclusion = () => useChange<SelfExclusionBody>('POST', '/api/user/me/self-exclusion');
