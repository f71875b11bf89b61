import { useTranslation } from 'react-i18next';

/** Loading, empty and error text over a chart; `subtle` leaves the chart usable below it. */
export function ChartOverlay({
  text,
  onRetry,
  subtle = false,
}: {
  text: string;
  onRetry?: () => void;
  subtle?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`chart-overlay ${subtle ? 'chart-overlay-subtle' : ''}`} role="status">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          {t('market.retry')}
        </button>
      )}
    </div>
  );
}
