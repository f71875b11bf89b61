import { superOverviewSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** GET /api/superadmin/overview */
export function getOverview(signal?: AbortSignal) {
  return api('/api/superadmin/overview', superOverviewSchema, { signal });
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}
