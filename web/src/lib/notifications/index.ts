/** My notifications: the calls the bell, the notifications page and the dashboard share. */
export { getNotifications, type NotificationsPage } from './get-notifications.ts';
export { NOTIFICATION_LOG } from './log.ts';
export { markAllRead } from './mark-all-read.ts';
export { markRead, withRead } from './mark-read.ts';
export { useNotificationsPage } from './use-notifications-page.ts';
