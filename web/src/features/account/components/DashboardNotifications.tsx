import type { Notification as AppNotification } from '@app/shared';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager.tsx';
import { formatTimestamp } from '../../../components/TradeReceipt.tsx';
import { useSession } from '../../../lib/session/index.ts';
import { realtime, useConnection } from '../../../lib/socket.ts';
import { useUnreadNotifications } from '../../../lib/wallet-sync.ts';
import { useDashboardNotifications } from '../api/get-notifications.ts';
import { markAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { markNotificationRead } from '../api/mark-notification-read.ts';

function Item({ n, onOpen }: { n: AppNotification; onOpen: (n: AppNotification) => void }) {
  const { t } = useTranslation();
  // Enter is handled here and its native click suppressed, so it counts once.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onOpen(n);
  };
  return (
    <li className={`nt-item ${n.read ? 'is-read' : 'is-unread'}`} data-read={n.read}>
      <button type="button" className="nt-item-button" onClick={() => onOpen(n)} onKeyDown={onKeyDown}>
        <span className="nt-item-head">
          <span className="nt-item-title">{n.title}</span>
          {!n.read && (
            <span className="nt-unread">
              <span className="sr-only">{t('bell.unread')}</span>
            </span>
          )}
        </span>
        {n.body && <span className="nt-item-body">{n.body}</span>}
        <time className="nt-item-time" dateTime={n.createdAt}>
          {formatTimestamp(n.createdAt).slice(0, 16)}
        </time>
      </button>
    </li>
  );
}

/** The dashboard's notifications, 5 per page, with Mark all read; a new one reloads the first page. */
export function DashboardNotifications() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id ?? '');
  const count = useUnreadNotifications((s) => s.count);
  const reconnects = useConnection((s) => s.reconnects);
  const [page, setPage] = useState(1);
  const [arrived, setArrived] = useState(0);
  const { data, loading, update } = useDashboardNotifications(page, `${userId}:${reconnects}:${arrived}`);

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
    void markNotificationRead(n.id).then((ok) => {
      if (!ok) update((items) => items.map((x) => (x.id === n.id ? { ...x, read: false } : x)));
    });
  };
  const markAll = () => {
    const before = data?.items ?? [];
    update((items) => items.map((x) => ({ ...x, read: true })));
    void markAllNotificationsRead().then((ok) => {
      if (!ok) update(() => before);
    });
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
            <Item key={n.id} n={n} onOpen={open} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{loading && !data ? t('common.loading') : t('notifications.empty')}</p>
      )}
      {data && <Pager page={page} pages={Math.max(1, data.pagination.pages)} onPage={setPage} />}
    </section>
  );
}
