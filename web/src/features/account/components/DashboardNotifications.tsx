import type { Notification as AppNotification } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { NotificationItem } from '../../../components/NotificationItem.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import {
  markAllRead,
  markRead,
  NOTIFICATION_LOG,
  useNotificationsPage,
  withRead,
} from '../../../lib/notifications/index.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';

const DASHBOARD_NOTIFICATIONS_LIMIT = 5;

/**
 * The dashboard's notifications, 5 per page, with Mark all read; a new one reloads the first
 * page. A read mark shows at once and is undone if the server refuses it; the unread count
 * follows the server's answer.
 */
export function DashboardNotifications() {
  const { t } = useTranslation();
  const count = useUnreadNotifications((s) => s.count);
  const { page, setPage, data, loading, update } = useNotificationsPage(DASHBOARD_NOTIFICATIONS_LIMIT);
  const setCount = useUnreadNotifications.getState().setCount;

  const open = (n: AppNotification) => {
    if (n.read) return;
    update((items) => withRead(items, n.id, true));
    void markRead(n.id).then(
      (after) => {
        if (after !== null) setCount(after);
      },
      (error: unknown) => {
        console.error(NOTIFICATION_LOG.read, error);
        update((items) => withRead(items, n.id, false));
      },
    );
  };
  const markAll = () => {
    const before = data?.items ?? [];
    update((items) => withRead(items, null, true));
    void markAllRead().then(
      (after) => setCount(after ?? 0),
      (error: unknown) => {
        console.error(NOTIFICATION_LOG.allRead, error);
        update(() => before);
      },
    );
  };
  const items = data?.items ?? [];
  const anyUnread = count > 0 || items.some((n) => !n.read);

  return (
    <section
      className="section"
      data-testid="dashboard-notifications"
      aria-labelledby="dash-notifications-title"
    >
      <header className="section-head">
        <h2 id="dash-notifications-title">{t('wallet.dashboard.notifications')}</h2>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!anyUnread} onClick={markAll}>
          {t('notifications.markAllRead')}
        </button>
      </header>
      {items.length > 0 ? (
        <ul className="nt-list nt-page-list">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{loading && !data ? t('common.loading') : t('notifications.empty')}</p>
      )}
      {data && <Pager page={page} pages={pagesOf(data.pagination)} onPage={setPage} />}
    </section>
  );
}
