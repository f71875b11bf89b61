import type { Notification as AppNotification } from '@app/shared';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../lib/locale-format.ts';

/**
 * One notification; unread ones are highlighted and say so in words. A click or Enter opens
 * it, which marks it read (Enter is handled here, and its native click suppressed, so it
 * counts once in every browser).
 */
export function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
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
          {dateTime(n.createdAt)}
        </time>
      </button>
    </li>
  );
}
