import { formatINR } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAccountMode, useSelectedBalance } from '../../lib/account-mode.ts';
import { useDismiss } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session/index.ts';

/** The signed-in pill: balance, reputation, Dashboard and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const mode = useAccountMode((s) => s.mode);
  const balance = useSelectedBalance();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useDismiss(open, root, () => setOpen(false));

  if (!user) return null;
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-pill"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {(user.firstName || user.username).slice(0, 1).toUpperCase()}
        </span>
        <span className="user-pill-name">{user.username}</span>
        <span className={`user-pill-balance mode-${mode}`} data-testid="header-balance" data-mode={mode}>
          {balance === null ? '—' : `₹${formatINR(balance)}`}
        </span>
      </button>
      {open && (
        <div className="user-menu-panel" id="user-menu-panel">
          <dl className="user-menu-stats">
            <div>
              <dt>{mode === 'practice' ? t('accountMode.practiceBalance') : t('nav.balance')}</dt>
              <dd>{balance === null ? '—' : `₹${formatINR(balance)} INR`}</dd>
            </div>
            <div>
              <dt>{t('nav.reputation')}</dt>
              <dd>{user.reputationPoints}</dd>
            </div>
          </dl>
          <Link to="/account" className="menu-item">
            {t('nav.dashboard')}
          </Link>
          <button
            type="button"
            className="menu-item"
            onClick={() => {
              logout();
              void navigate('/home');
            }}
          >
            {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
