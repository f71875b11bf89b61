import { adminAnnouncementResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { announcementKeys } from './keys.ts';

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
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: announcementKeys.lists() }),
        client.invalidateQueries({ queryKey: announcementKeys.public() }),
      ]),
  });
}
