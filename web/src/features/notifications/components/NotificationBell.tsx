import { NOTIFICATIONS_HEADER_LIMIT } from '@app/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/Icon.tsx';
import { NotificationItem } from '../../../components/NotificationItem.tsx';
import { useDismiss } from '../../../lib/hooks.ts';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../../../lib/notifications/index.ts';
import { useSession } from '../../../lib/session/index.ts';

function BellIcon() {
  return (
    <Icon>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </Icon>
  );
}

/**
 * The header bell (signed-in users): the unread count, and a dropdown of the newest 15 that
 * is fetched again each time it opens. A `notification` event puts the new one on top and sets
 * the count (lib/query/cache-sync.ts).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount({ load: true });
  const { count } = unread;
  const list = useNotifications({ limit: NOTIFICATIONS_HEADER_LIMIT }, open);
  const items = list.data?.items ?? [];
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // A new page closes the dropdown.
  useEffect(() => setOpen(false), [pathname]);

  useDismiss(open, root, () => setOpen(false));

  if (!userId) return null;
  const toggle = () => {
    if (!open) void unread.refetch();
    setOpen(!open);
  };
  const anyUnread = count > 0 || items.some((n) => !n.read);
  const shownCount = count > 99 ? '99+' : String(count);

  return (
    <div className="nt-bell" ref={root}>
      <button
        type="button"
        className="icon-button nt-bell-button"
        // The name holds the number the badge shows, as speech input users say what they see.
        aria-label={count > 0 ? t('bell.labelUnread', { count: shownCount }) : t('bell.label')}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        <span className="nt-count" data-testid="bell-count" hidden={count === 0} aria-hidden="true">
          {shownCount}
        </span>
      </button>
      {open && (
        <section className="nt-panel" id={panelId} aria-label={t('bell.title')}>
          <header className="nt-panel-head">
            <h2 className="nt-panel-title">{t('bell.title')}</h2>
            <button
              type="button"
              className="link-button small"
              disabled={!anyUnread}
              onClick={() => markAllRead.mutate()}
            >
              {t('bell.markAllRead')}
            </button>
          </header>
          {items.length > 0 ? (
            <ul className="nt-list">
              {items.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  onOpen={(item) => {
                    if (!item.read) markRead.mutate(item.id);
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="nt-empty">{list.isFetching && !list.data ? t('bell.loading') : t('bell.empty')}</p>
          )}
          <Link to="/notifications" className="nt-all" onClick={() => setOpen(false)}>
            {t('bell.viewAll')}
          </Link>
        </section>
      )}
    </div>
  );
}
