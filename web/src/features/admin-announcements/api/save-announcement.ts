import { type AnnouncementInput, adminAnnouncementResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshAnnouncements } from './keys.ts';

export type SaveAnnouncement = { id: string | null; body: AnnouncementInput };

/** POST /api/admin/announcements (a new one) or PUT /api/admin/announcements/:id (an edit). */
export function saveAnnouncement({ id, body }: SaveAnnouncement) {
  return id === null
    ? api('/api/admin/announcements', adminAnnouncementResponseSchema, { method: 'POST', body })
    : api(`/api/admin/announcements/${encodeURIComponent(id)}`, adminAnnouncementResponseSchema, {
        method: 'PUT',
        body,
      });
}

export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSettled: () => refreshAnnouncements(client),
  });
}
