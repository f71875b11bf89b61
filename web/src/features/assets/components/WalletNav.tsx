import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The four wallet pages, the current one marked. */
export function WalletNav() {
  const { t } = useTranslation();
  return (
    <nav className="row wallet-nav" aria-label={t('wallet.nav')}>
      <NavLink to="/assets" end className="btn btn-ghost btn-sm">
        {t('assets.overview')}
      </NavLink>
      <NavLink to="/assets/topup" className="btn btn-ghost btn-sm">
        {t('assets.topup')}
      </NavLink>
      <NavLink to="/assets/withdraw" className="btn btn-ghost btn-sm">
        {t('assets.withdraw')}
      </NavLink>
      <NavLink to="/assets/records" className="btn btn-ghost btn-sm">
        {t('assets.records')}
      </NavLink>
    </nav>
  );
}
