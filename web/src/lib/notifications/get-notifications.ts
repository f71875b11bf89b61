import {
  type Notification as AppNotification,
  notificationsResponseSchema,
  type Pagination,
} from '@app/shared';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { notificationKeys } from '../query/index.ts';
import { useSession } from '../session/index.ts';
import { NOTIFICATION_LOG } from './log.ts';

export type NotificationsPage = { items: AppNotification[]; pagination: Pagination; unread: number };

/** GET /api/notifications?limit&page: mine, newest first, with the unread count. */
export function getNotifications(query: { limit: number; page?: number }, signal?: AbortSignal) {
  return api('/api/notifications', notificationsResponseSchema, { query, signal });
}

/** A page of the list, with the unread count it carries written to the cache. */
async function loadPage(client: QueryClient, filter: { limit: number; page?: number }, signal: AbortSignal) {
  try {
    const page = await getNotifications(filter, signal);
    client.setQueryData(notificationKeys.unread(), page.unread);
    return page;
  } catch (error) {
    console.error(NOTIFICATION_LOG.list, error);
    throw error;
  }
}

/**
 * A page of my notifications (`limit` a page) for the bell, the dashboard and the
 * notifications page. A `notification` event puts the new one on top of every first page and
 * fetches it again (lib/query/cache-sync.ts). A failure is only logged and the list shows as
 * empty (user-side §8). `enabled` false: nothing is asked (the bell while closed).
 */
export function useNotifications(filter: { limit: number; page?: number }, enabled = true) {
  const client = useQueryClient();
  const signedIn = useSession((s) => !!s.user);
  return useQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal }) => loadPage(client, filter, signal),
    enabled: signedIn && enabled,
    placeholderData: keepPreviousData,
  });
}
