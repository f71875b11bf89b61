import type { Notification as AppNotification } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../api.ts';
import { useSession } from '../session/index.ts';
import { realtime, useConnection } from '../socket.ts';
import { useUnreadNotifications } from '../wallet-sync.ts';
import { getNotifications, type NotificationsPage } from './get-notifications.ts';
import { NOTIFICATION_LOG } from './log.ts';

/**
 * A page of my notifications for a list (the dashboard's, the notifications page), `limit` a
 * page. It loads again for another user, after a reconnect and, on the first page, when a new
 * one arrives. A failure is only logged and the list shows as empty (user-side §8); the unread
 * count follows each answer; `update` applies a read mark to what is on screen.
 */
export function useNotificationsPage(limit: number) {
  const userId = useSession((s) => s.user?.id ?? '');
  const reconnects = useConnection((s) => s.reconnects);
  const [page, setPage] = useState(1);
  const [arrived, setArrived] = useState(0);
  const [data, setData] = useState<NotificationsPage | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    getNotifications({ limit, page }, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        useUnreadNotifications.getState().setCount(answer.unread);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error(NOTIFICATION_LOG.list, error);
        setData(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [page, limit, userId, reconnects, arrived]);

  // A new one lands on the first page.
  useEffect(
    () =>
      realtime.on('notification', () => {
        if (page === 1) setArrived((n) => n + 1);
      }),
    [page],
  );

  const update = useCallback((fn: (items: AppNotification[]) => AppNotification[]) => {
    setData((d) => (d ? { ...d, items: fn(d.items) } : d));
  }, []);
  return { page, setPage, data, loading, update };
}
