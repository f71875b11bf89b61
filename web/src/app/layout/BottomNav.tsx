import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { useSheet } from '../stores/sheet.ts';

/** Mobile: Home, Trade, Orders, Wallet and Account (Login when signed out). */
export function BottomNav() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const sheet = useSheet((s) => s.sheet);
  const toggle = useSheet((s) => s.toggle);
  return (
    <nav className="bottom-nav" aria-label={t('nav.mobile')}>
      <NavLink to="/home">
        <span aria-hidden="true">⌂</span>
        {t('nav.home')}
      </NavLink>
      <NavLink to="/trade">
        <span aria-hidden="true">⇅</span>
        {t('nav.trade')}
      </NavLink>
      <NavLink to="/orders">
        <span aria-hidden="true">☰</span>
        {t('nav.orders')}
      </NavLink>
      <NavLink to="/assets">
        <span aria-hidden="true">₹</span>
        {t('nav.wallet')}
      </NavLink>
      <button type="button" aria-expanded={sheet === 'user'} onClick={() => toggle('user')}>
        <span aria-hidden="true">◉</span>
        {user ? t('nav.account') : t('nav.login')}
      </button>
    </nav>
  );
}
