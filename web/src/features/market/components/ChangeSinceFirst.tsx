import { useTranslation } from 'react-i18next';
import { changeSinceFirst } from '../lib/change.ts';
import { formatPercent } from '../lib/format.ts';
import { useMarketStore } from '../stores/market-store.ts';

/** Percent change from the first point of the timeframe to the live price; green at zero or up. */
export function ChangeSinceFirst({
  symbol,
  points,
  timeframe,
}: {
  symbol: string;
  points: readonly number[];
  timeframe: string;
}) {
  const { t } = useTranslation();
  const live = useMarketStore((s) => s.ticks[symbol]?.price ?? null);
  const change = changeSinceFirst(points, live);
  return (
    <span className="change-since">
      <span className="muted small">{t('market.changeSince', { timeframe })}</span>{' '}
      {change ? (
        <span className={change.up ? 'up' : 'down'} data-testid="change-since-first">
          {formatPercent(change.percent)}
        </span>
      ) : (
        <span className="muted">{t('market.noPrice')}</span>
      )}
    </span>
  );
}
