import { type Notification as AppNotification, markReadResponseSchema } from '@app/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { notificationKeys } from '../query/index.ts';
import type { NotificationsPage } from './get-notifications.ts';
import { NOTIFICATION_LOG } from './log.ts';

/** POST /api/notifications/{id}/read (no body): the unread count after it. */
export async function markRead(id: string): Promise<number> {
  const { unread } = await api(`/api/notifications/${encodeURIComponent(id)}/read`, markReadResponseSchema, {
    method: 'POST',
  });
  return unread;
}

/** The list with one notification (`id`), or all of them (`null`), marked read or unread. */
export function withRead(items: AppNotification[], id: string | null, read: boolean): AppNotification[] {
  return items.map((n) => (id === null || n.id === id ? { ...n, read } : n));
}

type Snapshot = { lists: Array<[readonly unknown[], NotificationsPage | undefined]>; unread: number };

/** Every cached list and the count, to put back if the server refuses a read mark. */
export function snapshot(client: QueryClient): Snapshot {
  return {
    lists: client.getQueriesData<NotificationsPage>({ queryKey: notificationKeys.lists() }),
    unread: client.getQueryData<number>(notificationKeys.unread()) ?? 0,
  };
}

export function restore(client: QueryClient, before: Snapshot): void {
  for (const [key, data] of before.lists) client.setQueryData(key, data);
  client.setQueryData(notificationKeys.unread(), before.unread);
}

/** Marks `id` (or all, `null`) read in every cached list, and sets the count. */
export function applyRead(client: QueryClient, id: string | null, unread: number): void {
  client.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.lists() }, (page) =>
    page ? { ...page, items: withRead(page.items, id, true) } : page,
  );
  client.setQueryData(notificationKeys.unread(), Math.max(0, unread));
}

/** Opening an unread notification: read at once everywhere, undone if the server refuses. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => {
      const before = snapshot(client);
      applyRead(client, id, before.unread - 1);
      return before;
    },
    onSuccess: (unread) => client.setQueryData(notificationKeys.unread(), unread),
    onError: (error, _id, before) => {
      console.error(NOTIFICATION_LOG.read, error);
      if (before) restore(client, before);
    },
  });
}
