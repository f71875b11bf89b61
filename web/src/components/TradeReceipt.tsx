import {
  binanceAggTradeUrl,
  formatINR,
  istTimestamp,
  marketSymbol,
  type Trade,
  type TradePrice,
} from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessage } from '../i18n/index.ts';
import { closedProfit, formatSignedRupees, isRunning, outcomeOf, profitTone } from '../lib/trades.ts';
import { useUsdtInr } from '../lib/usdt-inr.ts';
import { CopyButton } from './CopyButton.tsx';

/** How a trade's settlement is shown: its prices with their source and time, and the result. */

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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A price's exchange trade: its Binance aggregate trade id, to copy or to look up on Binance's
 * public API; a simulated price says it has none.
 */
function ExchangeTrade({ price, pair, testId }: { price: TradePrice; pair: string; testId: string }) {
  const { t } = useTranslation();
  if (price.source === 'simulated') {
    return <span data-testid={`${testId}-simulated`}>{t('tradeInfo.simulatedPrice')}</span>;
  }
  if (price.aggTradeId === null) return <span data-testid={`${testId}-agg`}>{t('tradeInfo.noAggId')}</span>;
  const id = String(price.aggTradeId);
  return (
    <span className="exchange-trade">
      <code data-testid={`${testId}-agg`}>{id}</code>
      <CopyButton value={id} label={t('tradeInfo.aggTradeId')} testId={`${testId}-agg-copy`} />
      <a
        href={binanceAggTradeUrl(pair, price.aggTradeId)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`${testId}-agg-link`}
      >
        {t('tradeInfo.checkOnBinance', { pair })}
      </a>
    </span>
  );
}

/** One side of the proof: price, exchange time, aggregate-trade id, source. */
function PriceProof({
  title,
  price,
  pair,
  testId,
}: {
  title: string;
  price: TradePrice | null;
  pair: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="receipt-side" data-testid={testId}>
      <h3>{title}</h3>
      {price ? (
        <dl className="meta">
          <Row label={t('tradeInfo.price')}>
            <PriceText price={price} testId={`${testId}-price`} />
          </Row>
          <Row label={t('tradeInfo.exchangeTime')}>
            <span data-testid={`${testId}-time`} title={price.exchangeTs}>
              {formatTimestamp(price.exchangeTs)}
            </span>
          </Row>
          <Row label={t('tradeInfo.aggTradeId')}>
            <ExchangeTrade price={price} pair={pair} testId={testId} />
          </Row>
          <Row label={t('tradeInfo.source')}>
            <span data-testid={`${testId}-source`}>{price.source}</span>
          </Row>
        </dl>
      ) : (
        <p className="muted">{t('tradeInfo.noExit')}</p>
      )}
    </section>
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

/** The full receipt of an order: everything needed to check its result. */
export function TradeReceipt({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const running = isRunning(trade);
  const pair = trade.marketSymbol ?? marketSymbol(trade.symbol);
  return (
    <div className="receipt" data-testid="receipt" data-trade-id={trade.id}>
      <dl className="meta">
        <Row label={t('tradeInfo.tradeId')}>
          <span className="exchange-trade">
            <code data-testid="receipt-trade-id">{trade.id}</code>
            <CopyButton value={trade.id} label={t('tradeInfo.tradeId')} testId="receipt-trade-id-copy" />
          </span>
        </Row>
        <Row label={t('tradeInfo.pair')}>{trade.pair}</Row>
        <Row label={t('tradeInfo.account')}>{t(`accountMode.${trade.account}`)}</Row>
        <Row label={t('tradeInfo.direction')}>{t(`tradeInfo.${trade.direction}`)}</Row>
        <Row label={t('tradeInfo.amount')}>₹{formatINR(trade.amount)}</Row>
        <Row label={t('tradeInfo.duration')}>{t('tradeInfo.seconds', { count: trade.durationSeconds })}</Row>
        <Row label={t('tradeInfo.payoutPercent')}>
          <span data-testid="payout-percent">{trade.payoutPercent}%</span>
        </Row>
        <Row label={t('tradeInfo.result')}>
          <OutcomeBadge trade={trade} />
        </Row>
        {!running && (
          <Row label={t('tradeInfo.profit')}>
            <ProfitText trade={trade} />
          </Row>
        )}
        {trade.payout !== null && <Row label={t('tradeInfo.credited')}>₹{formatINR(trade.payout)}</Row>}
        {trade.reason && (
          <Row label={t('tradeInfo.reason')}>
            <span data-testid="reason">{translate(trade.reason)}</span>
          </Row>
        )}
        <Row label={t('tradeInfo.placedAt')}>
          <span data-testid="receipt-placed-at">{formatTimestamp(trade.createdAt)}</span>
        </Row>
        <Row label={t('tradeInfo.expiresAt')}>{formatTimestamp(trade.expiresAt)}</Row>
        <Row label={t('tradeInfo.settledAt')}>
          <span data-testid="receipt-settled-at">{formatTimestamp(trade.settledAt)}</span>
        </Row>
      </dl>
      <div className="receipt-proof">
        <PriceProof title={t('tradeInfo.entry')} price={trade.entry} pair={pair} testId="receipt-entry" />
        <PriceProof title={t('tradeInfo.exit')} price={trade.exit} pair={pair} testId="receipt-exit" />
      </div>
      <p className="muted small">{t('tradeInfo.inrNote')}</p>
      <p className="small">
        <Link to="/rules#receipt" data-testid="receipt-rules">
          {t('rules.receiptLink')}
        </Link>
      </p>
    </div>
  );
}
