import { adminKeys, infoKeys } from '../../../lib/query/index.ts';

/** Under the admin root, so a reconnect's refresh of the admin screens includes them. */
export const announcementKeys = {
  lists: () => [...adminKeys.all, 'announcements'] as const,
  list: (page: number) => [...announcementKeys.lists(), { page }] as const,
  /** The public page's list, which every write changes too. */
  public: () => infoKeys.announcements(),
};
