import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/index.ts';
import { useSession } from '../lib/session/index.ts';

/** Why the server signed this device out (password changed elsewhere, banned, ...), until dismissed. */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const translate = useMessage();
  const message = useSession((s) => s.endedMessage);
  const dismiss = useSession((s) => s.dismissEnded);
  if (!message) return null;
  return (
    <div className="feed-banners">
      <p className="feed-banner feed-banner-down session-ended" role="alert" data-testid="session-ended">
        {translate(message)}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
          {t('common.close')}
        </button>
      </p>
    </div>
  );
}
