import { WEB_MSG } from '../messages.ts';

/** What user-side §8 logs (and shows nothing) when a notification call fails. */
export const NOTIFICATION_LOG = {
  list: WEB_MSG.notificationsLoadFailed,
  count: 'Failed to fetch unread count',
  read: 'Failed to mark read',
  allRead: 'Failed to mark all read',
} as const;
