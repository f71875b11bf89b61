import { type Notification as AppNotification, NOTIFICATIONS_DEFAULT_LIMIT } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';
import { useNotificationsPage } from '../api/use-notifications-page.ts';
import { useBell } from '../stores/bell-store.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** /notifications: every notification, 20 per page, newest first, with Mark all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? '');
  const count = useUnreadNotifications((s) => s.count);
  const reconnects = useConnection((s) => s.reconnects);
  const [page, setPage] = useState(1);
  const [arrived, setArrived] = useState(0);
  const { data, loading, update } = useNotificationsPage(
    page,
    NOTIFICATIONS_DEFAULT_LIMIT,
    `${userId}:${reconnects}:${arrived}`,
  );

  // A new one lands on the first page.
  useEffect(
    () =>
      realtime.on('notification', () => {
        if (page === 1) setArrived((n) => n + 1);
      }),
    [page],
  );

  const open = (n: AppNotification) => {
    if (n.read) return;
    update((items) => items.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
    void useBell.getState().markRead(n.id);
  };
  const items = data?.items ?? [];
  const anyUnread = count > 0 || items.some((n) => !n.read);

  return (
    <Page
      title={t('notifications.title')}
      actions={
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!anyUnread}
          onClick={() => {
            update((list) => list.map((x) => ({ ...x, read: true })));
            void useBell.getState().markAllRead();
          }}
        >
          {t('notifications.markAllRead')}
        </button>
      }
    >
      <p className="muted">{t('notifications.intro')}</p>
      {items.length > 0 ? (
        <ul className="nt-list nt-page-list" data-testid="notifications-list">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      ) : (
        <EmptyState>
          <p>{loading && !data ? t('common.loading') : t('notifications.empty')}</p>
        </EmptyState>
      )}
      {data && <Pager page={page} pages={Math.max(1, data.pagination.pages)} onPage={setPage} />}
    </Page>
  );
}
