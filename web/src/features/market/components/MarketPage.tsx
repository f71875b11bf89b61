import {
  CANDLE_INTERVAL_SECONDS,
  DEFAULT_COIN,
  DEFAULT_SPARKLINE_TIMEFRAME,
  SPARKLINE_CANDLES,
  SPARKLINE_TIMEFRAMES,
  type SparklineTimeframe,
  TIMINGS,
} from '@app/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { countRender } from '../../../lib/debug.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { useCandles } from '../api/get-candles.ts';
import { coinName, pairLabel, pairOf } from '../lib/coins.ts';
import { useMarketChannel, useMarketData } from '../stores/market-feed.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { ChangeSinceFirst } from './ChangeSinceFirst.tsx';
import { CoinIcon } from './CoinIcon.tsx';
import { ChartOverlay } from './charts/ChartOverlay.tsx';
import { PriceLineChart } from './charts/lazy.tsx';
import { InrEquivalent, LastUpdated, LivePrice, LivePriceAnnouncer } from './LiveValues.tsx';
import { MarketLoadFailed, UnknownMarket, useIsListed } from './MarketStatus.tsx';
import { type QuickTradeRenderer, QuickTradeSlot } from './QuickTradeSlot.tsx';

function MarketView({ symbol, quickTrade }: { symbol: string; quickTrade?: QuickTradeRenderer }) {
  countRender('MarketPage');
  const { t } = useTranslation();
  useMarketData();
  const listed = useIsListed(symbol);
  const failed = useMarketStore((s) => s.coinsStatus === 'error');
  const coin = useMarketStore((s) => s.coins.find((c) => c.symbol === symbol));
  useMarketChannel(listed === false ? null : symbol);
  const name = coinName(symbol, coin?.name);
  usePageTitle(t('market.title', { symbol }));

  const [timeframe, setTimeframe] = useState<SparklineTimeframe>(DEFAULT_SPARKLINE_TIMEFRAME);
  const { interval, points } = SPARKLINE_CANDLES[timeframe];
  const candles = useCandles(symbol, interval, points, TIMINGS.marketRefreshMs);
  const current =
    candles.data && candles.data.symbol === symbol && candles.data.interval === interval
      ? candles.data
      : undefined;
  const closes = useMemo(() => current?.candles.map((c) => c.close) ?? [], [current]);

  if (failed) return <MarketLoadFailed />;
  if (listed === false) {
    return (
      <UnknownMarket
        message={t('market.unknownCoin', { symbol })}
        linkTo={`/market?id=${DEFAULT_COIN}`}
        linkText={t('market.toDefaultCoin', { symbol: DEFAULT_COIN })}
      />
    );
  }

  let overlay: string | null = null;
  if (candles.error && !current) overlay = t('market.chartError');
  else if (!current) overlay = t('market.chartLoading');
  else if (current.candles.length === 0) overlay = t('market.chartEmpty');

  return (
    <div className="market-grid">
      <article className="card market-main">
        <header className="market-head">
          <CoinIcon key={symbol} symbol={symbol} icon={coin?.icon} size={40} />
          <div>
            <h1 className="market-name">{name}</h1>
            <p className="muted market-pair">{t('market.pairUsd', { symbol })}</p>
          </div>
        </header>
        <div className="market-price-row">
          <LivePrice symbol={symbol} currency="usd-short" className="price-big" />
          <InrEquivalent symbol={symbol} />
          <ChangeSinceFirst symbol={symbol} points={closes} timeframe={timeframe} />
          <LivePriceAnnouncer symbol={symbol} />
        </div>
        <fieldset className="tabs">
          <legend className="sr-only">{t('market.timeframe')}</legend>
          {SPARKLINE_TIMEFRAMES.map((tf) => (
            <button
              key={tf}
              type="button"
              className={`tab ${tf === timeframe ? 'is-active' : ''}`}
              aria-pressed={tf === timeframe}
              onClick={() => setTimeframe(tf)}
            >
              {tf}
            </button>
          ))}
        </fieldset>
        <div className="chart-box-wrap">
          <PriceLineChart
            symbol={symbol}
            candles={current?.candles}
            intervalSeconds={CANDLE_INTERVAL_SECONDS[interval]}
          />
          {overlay && (
            <ChartOverlay
              text={overlay}
              onRetry={candles.error && !current ? () => void candles.refetch() : undefined}
              subtle={!!current}
            />
          )}
        </div>
        <LastUpdated symbol={symbol} />
      </article>
      <aside className="market-side">
        <QuickTradeSlot symbol={symbol} render={quickTrade} />
        <Link to={`/trade/${pairOf(symbol)}`} className="btn btn-primary btn-block">
          {t('market.tradePair', { pair: pairLabel(symbol) })}
        </Link>
      </aside>
    </div>
  );
}

/** /market?id=SYMBOL (upper-cased; BTC when missing). */
export function MarketPage({ quickTrade }: { quickTrade?: QuickTradeRenderer }) {
  const [params] = useSearchParams();
  const symbol = (params.get('id') ?? '').trim().toUpperCase() || DEFAULT_COIN;
  return (
    <section className="page market-page">
      <MarketView symbol={symbol} quickTrade={quickTrade} />
    </section>
  );
}
