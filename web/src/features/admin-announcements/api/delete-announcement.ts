import { adminAnnouncementResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refreshAnnouncements } from './keys.ts';

/** DELETE /api/admin/announcements/:id */
export function deleteAnnouncement(id: string) {
  return api(`/api/admin/announcements/${encodeURIComponent(id)}`, adminAnnouncementResponseSchema, {
    method: 'DELETE',
  });
}

export function useDeleteAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSettled: () => refreshAnnouncements(client),
  });
}
