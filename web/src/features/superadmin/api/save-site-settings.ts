import { type SiteSettingsUpdateBody, siteSettingsSaveResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** PUT /api/superadmin/site (the title also goes as siteTitle, as the spec's client sends it). */
export function saveSiteSettings(body: SiteSettingsUpdateBody) {
  return api('/api/superadmin/site', siteSettingsSaveResponseSchema, {
    method: 'PUT',
    body: { ...body, siteTitle: body.title },
  });
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: ({ settings }) => client.setQueryData(adminKeys.siteSettings(), { settings }),
  });
}
