import { type Notification as AppNotification, NOTIFICATIONS_DEFAULT_LIMIT } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NotificationItem } from '../../../components/NotificationItem.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pager, pagesOf } from '../../../components/Pager.tsx';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../../../lib/notifications/index.ts';

/** /notifications: every notification, 20 per page, newest first, with Mark all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { count } = useUnreadCount();
  const [page, setPage] = useState(1);
  const { data, isPending } = useNotifications({ limit: NOTIFICATIONS_DEFAULT_LIMIT, page });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();

  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
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
          onClick={() => markAllRead.mutate()}
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
          <p>{isPending ? t('common.loading') : t('notifications.empty')}</p>
        </EmptyState>
      )}
      {data && <Pager page={page} pages={pagesOf(data.pagination)} onPage={setPage} />}
    </Page>
  );
}
