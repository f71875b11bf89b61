import {
  CANDLE_INTERVALS,
  type CandleInterval,
  DEFAULT_CANDLE_INTERVAL,
  DEFAULT_PAIR,
  LIVE_PRICE_POINTS,
} from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { countRender } from '../../../lib/debug.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { pairLabel, pairOf, symbolOfPair } from '../lib/coins.ts';
import { useMarketChannel, useMarketData } from '../stores/market-feed.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { LivePriceLine } from './charts/LivePriceLine.tsx';
import { CandleChart } from './charts/lazy.tsx';
import { MarketPicker } from './MarketPicker.tsx';
import { MarketLoadFailed, UnknownMarket, useIsListed } from './MarketStatus.tsx';
import { OrderBook } from './OrderBook.tsx';
import { PriceHeader } from './PriceHeader.tsx';
import { type QuickTradeRenderer, QuickTradeSlot } from './QuickTradeSlot.tsx';

/**
 * The trading screen of one pair. Live numbers live in small child components and the
 * charts read the store directly, so a tick never renders this component.
 */
function TradeView({ symbol, quickTrade }: { symbol: string; quickTrade?: QuickTradeRenderer }) {
  countRender('TradePage');
  const { t } = useTranslation();
  usePageTitle(pairLabel(symbol));
  useMarketData();
  const listed = useIsListed(symbol);
  const failed = useMarketStore((s) => s.coinsStatus === 'error');
  useMarketChannel(listed === false ? null : symbol);
  const [interval, setCandleInterval] = useState<CandleInterval>(DEFAULT_CANDLE_INTERVAL);

  if (failed) {
    return (
      <section className="page trade-page">
        <MarketLoadFailed />
      </section>
    );
  }
  if (listed === false) {
    return (
      <section className="page trade-page">
        <UnknownMarket
          message={t('trade.unknownPair', { pair: pairLabel(symbol) })}
          linkTo={`/trade/${DEFAULT_PAIR}`}
          linkText={t('trade.toDefaultPair', { pair: DEFAULT_PAIR.replace('-', '/') })}
        />
      </section>
    );
  }

  return (
    <section className="page trade-page">
      <h1 className="sr-only">{pairLabel(symbol)}</h1>
      <div className="trade-top card">
        <MarketPicker symbol={symbol} />
        <PriceHeader symbol={symbol} />
      </div>
      <div className="trade-grid">
        <div className="trade-main">
          <section className="card trade-chart" aria-label={t('trade.candles')}>
            <fieldset className="tabs">
              <legend className="sr-only">{t('trade.interval')}</legend>
              {CANDLE_INTERVALS.map((iv) => (
                <button
                  key={iv}
                  type="button"
                  className={`tab ${iv === interval ? 'is-active' : ''}`}
                  aria-pressed={iv === interval}
                  onClick={() => setCandleInterval(iv)}
                >
                  {iv}
                </button>
              ))}
            </fieldset>
            <CandleChart symbol={symbol} interval={interval} />
          </section>
          <section className="card trade-live" aria-label={t('trade.livePrices')}>
            <h2 className="card-label">{t('trade.livePrices')}</h2>
            <p className="muted small">{t('trade.livePricesHint', { count: LIVE_PRICE_POINTS })}</p>
            <LivePriceLine symbol={symbol} />
          </section>
        </div>
        <div className="trade-side">
          <section className="card trade-book" aria-label={t('trade.orderBook')}>
            <h2 className="card-label">{t('trade.orderBook')}</h2>
            <OrderBook symbol={symbol} />
          </section>
          <QuickTradeSlot symbol={symbol} render={quickTrade} />
        </div>
      </div>
    </section>
  );
}

/** /trade/{SYMBOL}-INR; a malformed pair goes to the default pair, a lower-case one to its canonical form. */
export function TradePage({ quickTrade }: { quickTrade?: QuickTradeRenderer }) {
  const { pair = '' } = useParams();
  const symbol = symbolOfPair(pair);
  if (!symbol) return <Navigate to={`/trade/${DEFAULT_PAIR}`} replace />;
  if (pair !== pairOf(symbol)) return <Navigate to={`/trade/${pairOf(symbol)}`} replace />;
  return <TradeView symbol={symbol} quickTrade={quickTrade} />;
}
