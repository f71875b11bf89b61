import { type RiskLimitsUpdateBody, riskLimitsSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** PUT /api/admin/risk-limits: both limits, null for none. */
export function saveRiskLimits(body: RiskLimitsUpdateBody) {
  return api('/api/admin/risk-limits', riskLimitsSchema, { method: 'PUT', body });
}

export function useSaveRiskLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRiskLimits,
    onSuccess: (limits) => client.setQueryData(adminKeys.riskLimits(), limits),
  });
}
