import { formatINR } from '@app/shared';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountModeSwitch } from '../../components/AccountModeSwitch.tsx';
import { LanguageChoices } from '../../components/LanguageModal.tsx';
import { useAuthModal } from '../../features/auth/index.ts';
import { useAccountMode, useSelectedBalance } from '../../lib/account-mode.ts';
import { useSession } from '../../lib/session/index.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { useSheet } from '../stores/sheet.ts';

function SheetFrame({ label, children }: { label: string; children: ReactNode }) {
  const close = useSheet((s) => s.close);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a pointer shortcut; Escape closes it from the keyboard
    <div
      className="sheet-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="sheet" role="dialog" aria-label={label}>
        <div className="sheet-handle" aria-hidden="true" />
        {children}
      </div>
    </div>
  );
}

function UserSheet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const close = useSheet((s) => s.close);
  const openAuth = useAuthModal((s) => s.open);
  const mode = useAccountMode((s) => s.mode);
  const balance = useSelectedBalance();

  if (!user) {
    return (
      <SheetFrame label={t('sheets.user')}>
        <h2 className="sheet-title">{t('sheets.welcome')}</h2>
        <p className="muted">{t('sheets.welcomeText')}</p>
        <div className="sheet-actions">
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => {
              close();
              openAuth('login');
            }}
          >
            {t('nav.logIn')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => {
              close();
              openAuth('register');
            }}
          >
            {t('nav.register')}
          </button>
        </div>
      </SheetFrame>
    );
  }
  return (
    <SheetFrame label={t('sheets.user')}>
      <h2 className="sheet-title">{user.username}</h2>
      <p className="muted sheet-balance">
        {mode === 'practice' ? t('accountMode.practiceBalance') : t('nav.balance')}:{' '}
        <strong>{balance === null ? '—' : `₹${formatINR(balance)}`}</strong>
      </p>
      <AccountModeSwitch />
      <div className="sheet-list">
        <Link to="/assets">{t('sheets.walletAccount')}</Link>
        <Link to="/assets/records">{t('sheets.transactionHistory')}</Link>
        <Link to="/notifications">{t('sheets.notifications')}</Link>
        <Link to="/account">{t('nav.dashboard')}</Link>
        <button
          type="button"
          onClick={() => {
            close();
            logout();
            void navigate('/home');
          }}
        >
          {t('sheets.signOut')}
        </button>
      </div>
    </SheetFrame>
  );
}

function MoreSheet() {
  const { t } = useTranslation();
  const close = useSheet((s) => s.close);
  const openDialog = useDialogs((s) => s.open);
  const showInstall = () => {
    close();
    openDialog('install');
  };
  return (
    <SheetFrame label={t('sheets.more')}>
      <div className="sheet-list">
        <Link to="/trade">{t('nav.trade')}</Link>
        <Link to="/orders">{t('nav.orders')}</Link>
        <Link to="/assets">{t('nav.wallet')}</Link>
        <Link to="/notifications">{t('sheets.notifications')}</Link>
        <button type="button" onClick={showInstall}>
          {t('sheets.downloadApp')}
        </button>
      </div>
      <section className="sheet-actions" aria-labelledby="more-sheet-languages">
        <h2 id="more-sheet-languages" className="sheet-title">
          {t('sheets.selectLanguage')}
        </h2>
        <LanguageChoices onChosen={close} />
      </section>
    </SheetFrame>
  );
}

/** The one open sheet, if any (the store allows only one). */
export function Sheets() {
  const sheet = useSheet((s) => s.sheet);
  if (sheet === 'user') return <UserSheet />;
  if (sheet === 'more') return <MoreSheet />;
  return null;
}
