import type { SuperOverview } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/superadmin/overview */
export function getOverview(signal?: AbortSignal): Promise<SuperOverview> {
  return api<SuperOverview>('/api/superadmin/overview', { signal });
}

export function useOverview() {
  return useQuery((signal) => getOverview(signal), []);
}
