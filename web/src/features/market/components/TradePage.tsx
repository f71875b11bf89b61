import { DEFAULT_PAIR } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Page } from '../../../components/Page.tsx';

const PAIR = /^([A-Za-z0-9]{1,15})-INR$/i;

/** /trade/{SYMBOL}-INR. The trading screen arrives with the market release. */
export function TradePage() {
  const { t } = useTranslation();
  const { pair = '' } = useParams();
  const match = PAIR.exec(pair);
  if (!match?.[1]) return <Navigate to={`/trade/${DEFAULT_PAIR}`} replace />;
  const symbol = match[1].toUpperCase();
  if (pair !== `${symbol}-INR`) return <Navigate to={`/trade/${symbol}-INR`} replace />;
  return (
    <Page title={`${symbol}/INR`}>
      <EmptyState>
        <p>{t('market.tradeSoon', { pair: `${symbol}/INR` })}</p>
      </EmptyState>
    </Page>
  );
}
