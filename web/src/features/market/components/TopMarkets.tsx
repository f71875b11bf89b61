import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { coinName, pairLabel, pairOf } from '../lib/coins.ts';
import { useMarketData, useTickerChannel } from '../stores/market-feed.ts';
import { useMarketStore } from '../stores/market-store.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { LivePrice, QuoteChange, QuoteVolume } from './LiveValues.tsx';

/** The home page shows the first 10 coins of the market. */
export const HOME_MARKET_COINS = 10;

function MarketRow({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const coin = useMarketStore((s) => s.coins.find((c) => c.symbol === symbol));
  return (
    <tr data-testid="market-row" data-symbol={symbol}>
      <td data-label={t('market.name')}>
        <Link to={`/market?id=${symbol}`} className="coin-cell">
          <CoinIcon symbol={symbol} icon={coin?.icon} />
          <span>
            <strong>{coinName(symbol, coin?.name)}</strong> <span className="muted small">{symbol}</span>
          </span>
        </Link>
      </td>
      <td data-label={t('market.price')} className="num">
        <LivePrice symbol={symbol} currency="inr" testId="market-price" />
      </td>
      <td data-label={t('market.change24h')} className="num">
        <QuoteChange symbol={symbol} />
      </td>
      <td data-label={t('market.volume24h')} className="num">
        <QuoteVolume symbol={symbol} />
      </td>
      <td className="num">
        <Link
          to={`/trade/${pairOf(symbol)}`}
          className="btn btn-primary btn-sm"
          aria-label={t('market.tradePair', { pair: pairLabel(symbol) })}
        >
          {t('market.trade')}
        </Link>
      </td>
    </tr>
  );
}

/** Top-10 table: GET /api/market first, then live from the `ticker` room. */
export function TopMarkets() {
  const { t } = useTranslation();
  useMarketData();
  useTickerChannel();
  const symbols = useMarketStore(useShallow((s) => s.coins.slice(0, HOME_MARKET_COINS).map((c) => c.symbol)));

  return (
    <section className="section" aria-labelledby="top-markets-title">
      <h2 id="top-markets-title">{t('market.tableTitle')}</h2>
      <div className="table-wrap">
        <table className="table market-table">
          <thead>
            <tr>
              <th scope="col">{t('market.name')}</th>
              <th scope="col" className="num">
                {t('market.price')}
              </th>
              <th scope="col" className="num">
                {t('market.change24h')}
              </th>
              <th scope="col" className="num">
                {t('market.volume24h')}
              </th>
              <th scope="col" className="num">
                <span className="sr-only">{t('market.trade')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {symbols.length === 0 ? (
              <tr>
                {/* The spec: a failed load keeps this text (the failure is only logged). */}
                <td colSpan={5} className="table-empty">
                  {t('market.loading')}
                </td>
              </tr>
            ) : (
              symbols.map((symbol) => <MarketRow key={symbol} symbol={symbol} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
