import { riskLimitsSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** GET /api/admin/risk-limits */
export function getRiskLimits(signal?: AbortSignal) {
  return api('/api/admin/risk-limits', riskLimitsSchema, { signal });
}

export function useRiskLimits() {
  return useQuery({ queryKey: adminKeys.riskLimits(), queryFn: ({ signal }) => getRiskLimits(signal) });
}
