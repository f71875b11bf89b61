import type { SiteSettings, SiteSettingsUpdateBody } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useMutation } from '../../../lib/hooks.ts';

/** PUT /api/superadmin/site (the title also goes as siteTitle, as the spec's client sends it). */
export function saveSiteSettings(body: SiteSettingsUpdateBody) {
  return api<{ settings: SiteSettings; message: string }>('/api/superadmin/site', {
    method: 'PUT',
    body: { ...body, siteTitle: body.title },
  });
}

export function useSaveSiteSettings() {
  return useMutation(saveSiteSettings);
}
