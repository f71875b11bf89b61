import type { NotificationRow } from '@app/db';
import type { Notification } from '@app/shared';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});
