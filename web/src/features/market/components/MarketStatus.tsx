import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useMarketStore } from '../stores/market-store.ts';

/** The coin list could not be loaded and there is nothing to show. */
export function MarketLoadFailed() {
  const { t } = useTranslation();
  return (
    <EmptyState>
      <p role="alert">{t('market.loadFailed')}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => void useMarketStore.getState().loadCoins({ force: true })}
      >
        {t('market.retry')}
      </button>
    </EmptyState>
  );
}

/** The symbol is not one of the enabled coins. */
export function UnknownMarket({
  message,
  linkTo,
  linkText,
}: {
  message: string;
  linkTo: string;
  linkText: string;
}) {
  return (
    <EmptyState>
      <p role="alert">{message}</p>
      <Link to={linkTo} className="btn btn-primary btn-sm">
        {linkText}
      </Link>
    </EmptyState>
  );
}

/** Whether the coin is listed: null until the coin list has loaded. */
export function useIsListed(symbol: string): boolean | null {
  return useMarketStore((s) => (s.coinsStatus === 'ready' ? s.coins.some((c) => c.symbol === symbol) : null));
}
