import type { Notification as AppNotification } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationItem } from '../../../components/NotificationItem.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../../../lib/notifications/index.ts';

const DASHBOARD_NOTIFICATIONS_LIMIT = 5;

/**
 * The dashboard's notifications, 5 per page, with Mark all read; a new one reloads the first
 * page. A read mark shows at once and is undone if the server refuses it; the unread count
 * follows the server's answer.
 */
export function DashboardNotifications() {
  const { t } = useTranslation();
  const { count } = useUnreadCount();
  const [page, setPage] = useState(1);
  const { data, isPending } = useNotifications({ limit: DASHBOARD_NOTIFICATIONS_LIMIT, page });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();

  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
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
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!anyUnread}
          onClick={() => markAllRead.mutate()}
        >
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
        <p className="empty-state">{isPending ? t('common.loading') : t('notifications.empty')}</p>
      )}
      {data && <Pager page={page} pages={pagesOf(data.pagination)} onPage={setPage} />}
    </section>
  );
}
