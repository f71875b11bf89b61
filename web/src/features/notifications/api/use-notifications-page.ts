import type { Notification as AppNotification } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';
import { getNotifications, type NotificationsPage } from './get-notifications.ts';

/**
 * One page of the notifications page. A failure is only logged and the list shows as empty
 * (user-side §8); `update` applies a read mark to what is on screen.
 */
export function useNotificationsPage(page: number, limit: number, reloadKey: string) {
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
        console.error(WEB_MSG.notificationsLoadFailed, error);
        setData(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [page, limit, reloadKey]);

  const update = useCallback((fn: (items: AppNotification[]) => AppNotification[]) => {
    setData((d) => (d ? { ...d, items: fn(d.items) } : d));
  }, []);
  return { data, loading, update };
}
