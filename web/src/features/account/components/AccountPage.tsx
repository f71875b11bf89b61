import { formatINR, MSG } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { isAdminUser, type SessionUser, useSession } from '../../../lib/session/index.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLogoutAll } from '../api/logout-all.ts';
import { BankDetailsModal } from './BankDetailsModal.tsx';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { DashboardNotifications } from './DashboardNotifications.tsx';
import { EditProfileModal } from './EditProfileModal.tsx';
import { PracticeBalance } from './PracticeBalance.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { WalletActivity } from './WalletActivity.tsx';

type Open = 'none' | 'profile' | 'password' | 'bank';

/**
 * `activity`: the Account activity list; `tickets`: the Tickets list with its thread modal;
 * `twoFactor`: the two-factor sign-in card; `responsibleTrading`: the limits card. Features of
 * their own that the app mounts here.
 */
export function AccountPage({
  activity,
  tickets,
  twoFactor,
  responsibleTrading,
}: {
  activity?: ReactNode;
  tickets?: ReactNode;
  twoFactor?: ReactNode;
  responsibleTrading?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const refresh = useSession((s) => s.refresh);
  const logout = useSession((s) => s.logout);
  const [open, setOpen] = useState<Open>('none');
  const [refreshing, setRefreshing] = useState(false);
  const logoutAll = useLogoutAll();
  usePageTitle(t('account.title'));

  if (!user) return null;
  const name = user.firstName || user.username || t('account.trader');
  const close = () => setOpen('none');
  const saved = (next: SessionUser) => setUser(next);

  return (
    <section className="page account">
      <header className="page-head">
        <h1>{t('account.hello', { name })}</h1>
        <div className="page-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={refreshing}
            onClick={async () => {
              setRefreshing(true);
              await refresh();
              setRefreshing(false);
            }}
          >
            {t('common.refresh')}
          </button>
        </div>
      </header>

      <div className="grid grid-2 align-start">
        <article className="card balance-card">
          <h2 className="card-label">{t('account.availableBalance')}</h2>
          <p className="balance-value">
            <strong data-testid="balance">₹{formatINR(user.balance)}</strong>{' '}
            <span className="muted">INR</span>
          </p>
          <dl className="meta">
            <div>
              <dt>{t('account.username')}</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>{t('account.email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t('account.reputation')}</dt>
              <dd>{user.reputationPoints}</dd>
            </div>
          </dl>
          <PracticeBalance />
        </article>

        <article className="card">
          <div className="button-grid">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen('bank')}>
              {t('account.bankDetails')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen('profile')}>
              {t('account.editProfile')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen('password')}>
              {t('account.changePassword')}
            </button>
            {isAdminUser(user) && (
              <Link to="/app-panel" className="btn btn-ghost">
                {t('account.adminPanel')}
              </Link>
            )}
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                logout();
                void navigate('/home');
              }}
            >
              {t('account.logout')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={logoutAll.isPending}
              onClick={() => logoutAll.mutate(undefined, { onSuccess: () => void navigate('/home') })}
            >
              {t('account.logoutEverywhere')}
            </button>
          </div>
          {logoutAll.isError && <Notice text={serverMessageOr(logoutAll.error, MSG.serverError)} />}
        </article>
      </div>

      {twoFactor}
      {responsibleTrading}

      <RecentTrades />
      <WalletActivity />
      {activity}

      {tickets}

      <DashboardNotifications />

      {open === 'profile' && (
        <EditProfileModal
          user={user}
          onClose={close}
          onSaved={(next, message) => {
            saved(next);
            showToast(message);
            close();
          }}
        />
      )}
      {open === 'password' && <ChangePasswordModal onClose={close} />}
      {open === 'bank' && <BankDetailsModal user={user} onClose={close} onSaved={saved} />}
    </section>
  );
}
