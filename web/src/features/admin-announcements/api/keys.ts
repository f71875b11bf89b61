import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, infoKeys } from '../../../lib/query/index.ts';

/** Under the admin root, so a reconnect's refresh of the admin screens includes them. */
export const announcementKeys = {
  lists: () => [...adminKeys.all, 'announcements'] as const,
  list: (page: number) => [...announcementKeys.lists(), { page }] as const,
};

/** After a write: the admin lists and the public page's list both change. */
export const refreshAnnouncements = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: announcementKeys.lists() }),
    client.invalidateQueries({ queryKey: infoKeys.announcements() }),
  ]);
