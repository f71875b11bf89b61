import { formatINR, type Trade } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeBadge, ProfitText } from '../../../components/TradeResult.tsx';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { RunningStatus } from './RunningStatus.tsx';

interface OrderCardsProps {
  trades: Trade[];
  running: boolean;
  /** What an empty list says (loading, or none). */
  empty: string;
  label: string;
}

/**
 * Orders on a phone: one card per trade (coin, direction, stake, result, time) that fits the
 * screen's width; the whole card opens the trade's receipt.
 */
export function OrderCards({ trades, running, empty, label }: OrderCardsProps) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  if (trades.length === 0) return <p className="order-cards-empty muted">{empty}</p>;
  return (
    <ul className="order-cards" aria-label={label}>
      {trades.map((trade) => (
        <li key={trade.id} className="order-card" data-testid="order-card">
          <div className="order-card-head">
            <Link to={`/orders/${trade.id}`} className="order-card-link" data-testid="receipt-link">
              {trade.pair}
              <span className="sr-only">, {t('orders.receipt')}</span>
            </Link>
            <span className={trade.direction === 'up' ? 'up' : 'down'}>
              {t(`tradeInfo.${trade.direction}`)}
            </span>
          </div>
          <dl className="order-card-facts">
            <div>
              <dt>{t('orders.amount')}</dt>
              <dd>₹{formatINR(trade.amount)}</dd>
            </div>
            <div>
              <dt>{t('orders.result')}</dt>
              <dd>
                {running ? (
                  <RunningStatus trade={trade} />
                ) : (
                  <>
                    <OutcomeBadge trade={trade} /> <ProfitText trade={trade} />
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('orders.date')}</dt>
              <dd>{dateTime(trade.createdAt)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
