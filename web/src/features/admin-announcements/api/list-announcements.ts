import { ADMIN_ANNOUNCEMENTS_PAGE_SIZE, adminAnnouncementListResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { announcementKeys } from './keys.ts';

/** GET /api/admin/announcements: every announcement, drafts included, newest first. */
export function listAnnouncements(page: number, signal?: AbortSignal) {
  return api('/api/admin/announcements', adminAnnouncementListResponseSchema, {
    query: { page, limit: ADMIN_ANNOUNCEMENTS_PAGE_SIZE },
    signal,
  });
}

export function useAnnouncementList(page: number) {
  return useQuery({
    queryKey: announcementKeys.list(page),
    queryFn: ({ signal }) => listAnnouncements(page, signal),
    placeholderData: keepPreviousData,
  });
}
