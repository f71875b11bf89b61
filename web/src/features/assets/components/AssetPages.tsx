import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Page } from '../../../components/Page.tsx';

function WalletNav() {
  const { t } = useTranslation();
  return (
    <nav className="row wallet-nav">
      <Link to="/assets" className="btn btn-ghost btn-sm">
        {t('assets.overview')}
      </Link>
      <Link to="/assets/topup" className="btn btn-ghost btn-sm">
        {t('assets.topup')}
      </Link>
      <Link to="/assets/withdraw" className="btn btn-ghost btn-sm">
        {t('assets.withdraw')}
      </Link>
      <Link to="/assets/records" className="btn btn-ghost btn-sm">
        {t('assets.records')}
      </Link>
    </nav>
  );
}

/** Wallet pages: their content arrives with the wallet release. */
function WalletPage({ titleKey }: { titleKey: 'overview' | 'topup' | 'withdraw' | 'records' }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`assets.${titleKey}`)}>
      <WalletNav />
      <EmptyState>
        <p>{t('common.noData')}</p>
      </EmptyState>
    </Page>
  );
}

export const AssetsPage = () => <WalletPage titleKey="overview" />;
export const TopupPage = () => <WalletPage titleKey="topup" />;
export const WithdrawPage = () => <WalletPage titleKey="withdraw" />;
export const RecordsPage = () => <WalletPage titleKey="records" />;
