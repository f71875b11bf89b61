import { useTranslation } from 'react-i18next';
import { useConnection } from '../lib/socket.ts';

/** Says so when the prices are not real market data, or when the feed has stopped. */
export function FeedBanner() {
  const { t } = useTranslation();
  const simulated = useConnection((s) => s.feed?.simulated === true);
  const down = useConnection((s) => s.feed?.state === 'down');
  if (!simulated && !down) return null;
  return (
    <div className="feed-banners">
      {simulated && (
        <p className="feed-banner feed-banner-simulated" role="note" data-testid="simulated-banner">
          {t('realtime.simulated')}
        </p>
      )}
      {down && (
        <p className="feed-banner feed-banner-down" role="alert">
          {t('realtime.feedDown')}
        </p>
      )}
    </div>
  );
}
