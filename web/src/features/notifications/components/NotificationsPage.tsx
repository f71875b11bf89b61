import { type Notification as AppNotification, NOTIFICATIONS_DEFAULT_LIMIT } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NotificationItem } from '../../../components/NotificationItem.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import { useNotificationsPage, withRead } from '../../../lib/notifications/index.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';
import { useBell } from '../stores/bell-store.ts';

/** /notifications: every notification, 20 per page, newest first, with Mark all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const count = useUnreadNotifications((s) => s.count);
  const { page, setPage, data, loading, update } = useNotificationsPage(NOTIFICATIONS_DEFAULT_LIMIT);

  const open = (n: AppNotification) => {
    if (n.read) return;
    update((items) => withRead(items, n.id, true));
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
            update((list) => withRead(list, null, true));
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
      {data && <Pager page={page} pages={pagesOf(data.pagination)} onPage={setPage} />}
    </Page>
  );
}
