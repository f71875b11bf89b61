import {
  CANDLE_INTERVALS,
  type CandleInterval,
  DEFAULT_CANDLE_INTERVAL,
  DEFAULT_PAIR,
  LIVE_PRICE_POINTS,
  ORDER_BOOK_LEVELS,
} from '@app/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { countRender } from '../../../lib/debug.ts';
import { useIsMobile } from '../../../lib/media.ts';
import { LivePriceContext, useRunningTrades } from '../../../lib/running-trades.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { pairLabel, pairOf, symbolOfPair } from '../lib/coins.ts';
import { marketPriceSource } from '../stores/live-price-source.ts';
import { useMarketChannel, useMarketData } from '../stores/market-feed.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { LivePriceLine } from './charts/LivePriceLine.tsx';
import { CandleChart } from './charts/lazy.tsx';
import { MarketPicker } from './MarketPicker.tsx';
import { MarketLoadFailed, UnknownMarket, useIsListed } from './MarketStatus.tsx';
import { OrderBook } from './OrderBook.tsx';
import { PriceHeader } from './PriceHeader.tsx';
import { type QuickTradeRenderer, QuickTradeSlot } from './QuickTradeSlot.tsx';
import { TabSwitch } from './TabSwitch.tsx';
import { TICKET_ID, TradeSkipLink } from './TradeSkipLink.tsx';
import '../trade-page.css';

/** The view settings of the trade page: how deep the order book goes. */
export const TRADE_VIEW = { bookDepth: ORDER_BOOK_LEVELS } as const;

const PHONE_VIEWS = ['chart', 'book'] as const;
type PhoneView = (typeof PHONE_VIEWS)[number];

/** Live prices of the other coins the user has running trades on (the Running panel shows them). */
function RunningChannel({ symbol }: { symbol: string }) {
  useMarketChannel(symbol);
  return null;
}

function RunningChannels({ except }: { except: string }) {
  const trades = useRunningTrades((s) => s.trades);
  const symbols = useMemo(
    () => [...new Set(trades.map((t) => t.symbol))].filter((s) => s !== except),
    [trades, except],
  );
  return symbols.map((s) => <RunningChannel key={s} symbol={s} />);
}

function ChartCard({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [interval, setCandleInterval] = useState<CandleInterval>(DEFAULT_CANDLE_INTERVAL);
  return (
    <section className="card trade-chart" aria-label={t('trade.candles')}>
      <TabSwitch
        legend={t('trade.interval')}
        options={CANDLE_INTERVALS}
        value={interval}
        onChange={setCandleInterval}
      />
      <CandleChart symbol={symbol} interval={interval} />
    </section>
  );
}

function BookCard({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="card trade-book">
      <h2 className="card-label">{t('trade.orderBook')}</h2>
      <OrderBook symbol={symbol} depth={TRADE_VIEW.bookDepth} />
    </div>
  );
}

/**
 * The trading screen of one pair. From 1024 px the ticket stands beside the chart with the
 * Running panel and a short order book under it; on a phone the chart and the book share one
 * place (a switch), and the ticket's amount and buttons stay pinned at the bottom. Live
 * numbers live in small child components and the charts read the store directly, so a tick
 * never renders this component.
 */
function TradeView({ symbol, quickTrade }: { symbol: string; quickTrade?: QuickTradeRenderer }) {
  countRender('TradePage');
  const { t } = useTranslation();
  usePageTitle(pairLabel(symbol));
  useMarketData();
  const listed = useIsListed(symbol);
  const failed = useMarketStore((s) => s.coinsStatus === 'error');
  useMarketChannel(listed === false ? null : symbol);
  const phone = useIsMobile();
  const [view, setView] = useState<PhoneView>('chart');
  const prices = useMemo(() => marketPriceSource(), []);

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
    <LivePriceContext.Provider value={prices}>
      <section className={`page trade-page ${phone ? 'is-phone' : ''}`}>
        <TradeSkipLink />
        <RunningChannels except={symbol} />
        <h1 className="sr-only">{pairLabel(symbol)}</h1>
        <div className="trade-top card">
          <MarketPicker symbol={symbol} />
          <PriceHeader symbol={symbol} />
        </div>
        <div className="trade-grid">
          <div className="trade-main">
            {phone && (
              <TabSwitch
                legend={t('trade.views')}
                options={PHONE_VIEWS}
                value={view}
                onChange={setView}
                label={(v) => t(v === 'chart' ? 'trade.chartTab' : 'trade.bookTab')}
                className="trade-views"
                testId="trade-views"
              />
            )}
            {(!phone || view === 'chart') && <ChartCard symbol={symbol} />}
            {phone && view === 'book' && <BookCard symbol={symbol} />}
          </div>
          <div className="trade-side" id={TICKET_ID} tabIndex={-1}>
            <QuickTradeSlot symbol={symbol} render={quickTrade} />
            {!phone && <BookCard symbol={symbol} />}
          </div>
          <section className="card trade-live" aria-label={t('trade.livePrices')}>
            <h2 className="card-label">{t('trade.livePrices')}</h2>
            <p className="muted small">{t('trade.livePricesHint', { count: LIVE_PRICE_POINTS })}</p>
            <LivePriceLine symbol={symbol} />
          </section>
        </div>
      </section>
    </LivePriceContext.Provider>
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
