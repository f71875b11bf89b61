import type { SiteSettings } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/superadmin/site */
export function getSiteSettings(signal?: AbortSignal): Promise<{ settings: SiteSettings }> {
  return api<{ settings: SiteSettings }>('/api/superadmin/site', { signal });
}

export function useSiteSettings() {
  return useQuery((signal) => getSiteSettings(signal), []);
}
