import { formatRupees, type Trade } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { PracticeBadge } from '../../../components/AccountModeSwitch.tsx';
import { StandingText, TimeLeft } from '../../../components/RunningTradeInfo.tsx';
import { useLivePriceE8 } from '../../../lib/running-trades.ts';
import { useUsdtInr } from '../../../lib/usdt-inr.ts';

function Row({ trade, rate }: { trade: Trade; rate: number }) {
  const { t } = useTranslation();
  const priceE8 = useLivePriceE8(trade.symbol);
  return (
    <li
      className="running-row"
      data-testid="running-trade"
      data-trade-id={trade.id}
      data-symbol={trade.symbol}
    >
      <div className="running-line">
        <strong>{trade.pair}</strong>
        <span className={trade.direction === 'up' ? 'up' : 'down'} data-testid="running-direction">
          {t(`tradeInfo.${trade.direction}`)}
        </span>
        <TimeLeft trade={trade} testId="running-time-left" />
      </div>
      <dl className="running-figures">
        <div>
          <dt>{t('running.stake')}</dt>
          <dd>{formatRupees(trade.amount)}</dd>
        </div>
        <div>
          <dt>{t('running.entry')}</dt>
          <dd data-testid="running-entry">{formatRupees(trade.entry.price * rate)}</dd>
        </div>
        <div>
          <dt>{t('running.standing')}</dt>
          <dd>
            <StandingText trade={trade} priceE8={priceE8} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The user's running trades of the selected account, every coin: time left and how each
 * stands at the latest price. The list is the server's (it comes back after a reload).
 */
export function RunningTrades({ trades }: { trades: readonly Trade[] }) {
  const { t } = useTranslation();
  const rate = useUsdtInr();
  return (
    <section className="card running-trades" aria-label={t('running.title')} data-testid="running-trades">
      <header className="qt-head">
        <h2 className="card-label">{t('running.title')}</h2>
        <PracticeBadge />
      </header>
      {trades.length === 0 ? (
        <p className="muted small running-empty">{t('running.empty')}</p>
      ) : (
        <ul className="running-list">
          {trades.map((trade) => (
            <Row key={trade.id} trade={trade} rate={rate} />
          ))}
        </ul>
      )}
    </section>
  );
}
