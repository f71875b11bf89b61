import {
  type Notification as AppNotification,
  notificationsResponseSchema,
  type Pagination,
} from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { api, isAbort } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';

export const DASHBOARD_NOTIFICATIONS_LIMIT = 5;

export type NotificationsAnswer = { items: AppNotification[]; pagination: Pagination; unread: number };

/** GET /api/notifications?limit=5&page: one page of mine, newest first, with the unread count. */
export async function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationsAnswer> {
  const body = await api<unknown>('/api/notifications', {
    query: { limit: DASHBOARD_NOTIFICATIONS_LIMIT, page },
    signal,
  });
  const parsed = notificationsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected notifications answer');
  return parsed.data;
}

/**
 * The dashboard's page of notifications. A failure is only logged and the list shows empty
 * (user-side §8); `update` applies a read mark to what is on screen.
 */
export function useDashboardNotifications(page: number, reloadKey: string) {
  const [data, setData] = useState<NotificationsAnswer | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    getNotifications(page, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        useUnreadNotifications.getState().setCount(answer.unread);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error(WEB_MSG.notificationsLoadFailed, error);
        setData(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [page, reloadKey]);

  const update = useCallback((fn: (items: AppNotification[]) => AppNotification[]) => {
    setData((d) => (d ? { ...d, items: fn(d.items) } : d));
  }, []);
  return { data, loading, update };
}
