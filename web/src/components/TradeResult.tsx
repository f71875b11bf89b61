import { istTimestamp, type Trade, type TradePrice } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/index.ts';
import { closedProfit, formatSignedRupees, outcomeOf, profitTone } from '../lib/trades.ts';
import { useUsdtInr } from '../lib/usdt-inr.ts';

/**
 * A trade's result as the trade page shows it: prices, outcome, profit. The full receipt
 * (TradeReceipt.tsx) builds on these; it loads with the pages that show it.
 */

const usdt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * "2026-11-26 10:15:03.123 IST (UTC+05:30)": India time, whatever the reader's own zone, and
 * to the millisecond, as exchange times matter.
 */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '—';
  return Number.isNaN(Date.parse(iso)) ? iso : istTimestamp(iso);
}

/** "64,276.15 USDT" with "≈ ₹53,60,630.91" at the current display rate. */
export function PriceText({ price, testId }: { price: TradePrice | null; testId?: string }) {
  const rate = useUsdtInr();
  if (!price) return <span data-testid={testId}>—</span>;
  return (
    <span className="price-text" data-testid={testId}>
      <strong>{usdt.format(price.price)} USDT</strong>{' '}
      <span className="muted">≈ ₹{inr.format(price.price * rate)}</span>
    </span>
  );
}

export function OutcomeBadge({ trade }: { trade: Pick<Trade, 'status'> }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(trade);
  const tone = outcome === 'win' ? 'badge-green' : outcome === 'loss' ? 'badge-red' : 'badge-muted';
  return (
    <span className={`badge ${tone}`} data-testid="outcome" data-outcome={outcome}>
      {t(`tradeInfo.outcome.${outcome}`)}
    </span>
  );
}

export function ProfitText({ trade }: { trade: Trade }) {
  const value = closedProfit(trade);
  return (
    <span className={profitTone(value)} data-testid="profit">
      {formatSignedRupees(value)}
    </span>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The short form in the result modal: outcome, entry and exit, profit, reason. */
export function TradeSummary({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const translate = useMessage();
  return (
    <dl className="meta trade-summary">
      <Row label={t('tradeInfo.result')}>
        <OutcomeBadge trade={trade} />
      </Row>
      <Row label={t('tradeInfo.entry')}>
        <PriceText price={trade.entry} testId="entry-price" />
      </Row>
      <Row label={t('tradeInfo.exit')}>
        <PriceText price={trade.exit} testId="exit-price" />
      </Row>
      <Row label={t('tradeInfo.profit')}>
        <ProfitText trade={trade} />
      </Row>
      {trade.reason && (
        <Row label={t('tradeInfo.reason')}>
          <span data-testid="reason">{translate(trade.reason)}</span>
        </Row>
      )}
    </dl>
  );
}
