import {
  type Notification as AppNotification,
  notificationsResponseSchema,
  type Pagination,
} from '@app/shared';
import { api } from '../api.ts';

export type NotificationsPage = { items: AppNotification[]; pagination: Pagination; unread: number };

/** GET /api/notifications?limit&page: mine, newest first, with the unread count. */
export async function getNotifications(
  query: { limit: number; page?: number },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return api('/api/notifications', notificationsResponseSchema, { query, signal });
}
