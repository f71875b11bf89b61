import { publicSiteResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** GET /api/superadmin/site */
export function getSiteSettings(signal?: AbortSignal) {
  return api('/api/superadmin/site', publicSiteResponseSchema, { signal });
}

export function useSiteSettings() {
  return useQuery({ queryKey: adminKeys.siteSettings(), queryFn: ({ signal }) => getSiteSettings(signal) });
}
