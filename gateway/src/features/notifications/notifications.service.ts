import {
  type Db,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toNotification,
  unreadNotificationCount,
} from '@app/db';
import type { Notification, Pagination } from '@app/shared';
import { notFound } from '../../lib/errors.ts';
import { pagination } from '../../lib/sql.ts';

export type NotificationsPage = { items: Notification[]; pagination: Pagination; unread: number };

/**
 * The caller's notifications. Every call takes the user id from the session, and every
 * query is scoped to it: another user's notification is as unknown as one that never was.
 */
export function createNotificationsService({ db }: { db: Db }) {
  return {
    async list(userId: string, query: { page: number; limit: number }): Promise<NotificationsPage> {
      const { rows, total, unread } = await listNotifications(db, userId, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        items: rows.map(toNotification),
        pagination: pagination(total, query.page, query.limit),
        unread,
      };
    },

    async unreadCount(userId: string): Promise<{ count: number }> {
      return { count: await unreadNotificationCount(db, userId) };
    },

    /** Already read is fine (the bell may send it twice); unknown or not the caller's is 404. */
    async markRead(userId: string, id: string): Promise<{ ok: true; unread: number }> {
      if (!(await markNotificationRead(db, userId, id))) throw notFound();
      return { ok: true, unread: await unreadNotificationCount(db, userId) };
    },

    /** The count is read afterwards: a notification that arrived meanwhile is still unread. */
    async markAllRead(userId: string): Promise<{ ok: true; unread: number }> {
      await markAllNotificationsRead(db, userId);
      return { ok: true, unread: await unreadNotificationCount(db, userId) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
