/** My notifications: the calls the bell, the notifications page and the dashboard share. */
export { getNotifications, type NotificationsPage, useNotifications } from './get-notifications.ts';
export { getUnreadCount, useUnreadCount } from './get-unread-count.ts';
export { NOTIFICATION_LOG } from './log.ts';
export { markAllRead, useMarkAllRead } from './mark-all-read.ts';
export { markRead, useMarkRead, withRead } from './mark-read.ts';
