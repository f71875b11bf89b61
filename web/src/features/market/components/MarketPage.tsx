import { DEFAULT_COIN } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Page } from '../../../components/Page.tsx';

/** /market?id=SYMBOL. Live data comes with the market release; no numbers are invented here. */
export function MarketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('id') ?? '').trim().toUpperCase() || DEFAULT_COIN;
  return (
    <Page title={t('market.title', { symbol })}>
      <EmptyState>
        <p>{t('market.soon')}</p>
        <Link to={`/trade/${symbol}-INR`} className="btn btn-primary">
          {t('nav.trade')} {symbol}/INR
        </Link>
      </EmptyState>
    </Page>
  );
}
