import { binanceAggTradeUrl, formatINR, marketSymbol, type Trade, type TradePrice } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessage } from '../i18n/index.ts';
import { isRunning } from '../lib/trades.ts';
import { CopyButton } from './CopyButton.tsx';
import { formatTimestamp, OutcomeBadge, PriceText, ProfitText, Row } from './TradeResult.tsx';

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
