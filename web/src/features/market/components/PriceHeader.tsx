import { useTranslation } from 'react-i18next';
import { LivePrice, LivePriceAnnouncer, StatsChange, StatsValue, StatsVolume } from './LiveValues.tsx';

/** Last price in INR (and USDT) with the 24 h change, high, low and volume. */
export function PriceHeader({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="price-header">
      <div className="price-header-main">
        <span className="muted small">{t('trade.lastPrice')}</span>
        <LivePrice symbol={symbol} currency="inr" className="price-big" />
        <LivePrice symbol={symbol} currency="usd" className="muted small" testId="live-price-usd" />
        <LivePriceAnnouncer symbol={symbol} />
      </div>
      <dl className="price-stats">
        <div>
          <dt>{t('trade.change24h')}</dt>
          <dd>
            <StatsChange symbol={symbol} />
          </dd>
        </div>
        <div>
          <dt>{t('trade.high24h')}</dt>
          <dd>
            <StatsValue symbol={symbol} field="high" />
          </dd>
        </div>
        <div>
          <dt>{t('trade.low24h')}</dt>
          <dd>
            <StatsValue symbol={symbol} field="low" />
          </dd>
        </div>
        <div>
          <dt>{t('trade.volume24h')}</dt>
          <dd>
            <StatsVolume symbol={symbol} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
