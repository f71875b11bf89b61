import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountModeSwitch, PracticeBadge, PracticeHint } from '../../components/AccountModeSwitch.tsx';
import { ConnectionIndicator } from '../../components/ConnectionIndicator.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useAuthModal } from '../../features/auth/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { useIsMobile } from '../../lib/media.ts';
import { useSession } from '../../lib/session/index.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { useSheet } from '../stores/sheet.ts';
import { Brand } from './Brand.tsx';
import { CoinSearch } from './CoinSearch.tsx';
import { UserMenu } from './UserMenu.tsx';

export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const open = useDialogs((s) => s.open);
  return (
    <button type="button" className="btn btn-ghost btn-sm lang-button" onClick={() => open('language')}>
      <span className="sr-only">{t('nav.language')}</span>
      <Icon size={14}>
        <circle cx="12" cy="12" r="10" />
        <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
      </Icon>{' '}
      {i18n.language.toUpperCase()}
    </button>
  );
}

export function Header() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const user = useSession((s) => s.user);
  const openAuth = useAuthModal((s) => s.open);
  const toggleSheet = useSheet((s) => s.toggle);
  const sheet = useSheet((s) => s.sheet);

  return (
    <>
      <header className="site-header">
        <div className={`header-inner ${user ? 'has-account-mode' : ''}`}>
          <Brand />
          {!mobile && (
            <nav className="main-nav" aria-label={t('nav.main')}>
              <NavLink to="/trade">{t('nav.trade')}</NavLink>
              <NavLink to="/orders">{t('nav.orders')}</NavLink>
              <NavLink to="/assets">{t('nav.wallet')}</NavLink>
            </nav>
          )}
          <CoinSearch />
          <div className="header-actions">
            <ConnectionIndicator />
            {!mobile && <PracticeBadge />}
            <AccountModeSwitch compact={mobile} />
            <LanguageButton />
            {user && <NotificationBell />}
            {mobile ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-expanded={sheet === 'more'}
                onClick={() => toggleSheet('more')}
              >
                {t('nav.more')}
              </button>
            ) : user ? (
              <UserMenu />
            ) : (
              <>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => openAuth('login')}>
                  {t('nav.logIn')}
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => openAuth('register')}>
                  {t('nav.register')}
                </button>
              </>
            )}
          </div>
        </div>
      </header>
      {/* Under the header, not in it: the hint scrolls away with the page. */}
      <PracticeHint />
    </>
  );
}
