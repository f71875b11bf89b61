import { type AdminUserDetail, formatRupees } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { isSuperadmin, useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAdminUser } from '../api/get-admin-user.ts';
import { useUnbanUser, useUnlockUser } from '../api/user-actions.ts';
import { BalanceForm, BanForm, HoldForm, PasswordForm, ReputationForm } from './ActionForms.tsx';
import { ResponsibleTradingState } from './ResponsibleTradingState.tsx';
import { UserHistory } from './UserHistory.tsx';
import { UserInfoForm } from './UserInfoForm.tsx';

type Action = 'credit' | 'debit' | 'password' | 'ban' | 'reputation';

function StatCards({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const s = user.stats;
  const cards: Array<[string, string]> = [
    [t('adminUsers.balance'), formatRupees(user.balance)],
    [t('adminUsers.detail.deposits'), formatRupees(s.deposits)],
    [t('adminUsers.detail.withdrawals'), formatRupees(s.withdrawals)],
    [t('adminUsers.detail.transactions'), String(s.transactions)],
    [t('adminUsers.detail.totalTrades'), String(s.totalTrades)],
    [t('adminUsers.detail.winTrades'), String(s.winTrades)],
    [t('adminUsers.detail.lossTrades'), String(s.lossTrades)],
    [t('adminUsers.detail.drawTrades'), String(s.drawTrades)],
    [
      t('adminUsers.detail.reputation'),
      t('adminUsers.detail.reputationValue', { points: user.reputationPoints }),
    ],
  ];
  return (
    <div className="grid grid-stats user-stats">
      {cards.map(([label, value]) => (
        <article key={label} className="card stat-card">
          <h3 className="card-label">{label}</h3>
          <p className="stat-value" data-testid={`stat-${label}`}>
            {value}
          </p>
        </article>
      ))}
    </div>
  );
}

/**
 * One user (admin-side §4): the stat cards, the actions (balance, logins, password, ban,
 * reputation, and for a superadmin the sign-in unlock), the info form, the hold and bank
 * details, then the user's trades and Financial Records. Every success shows a toast for 3
 * seconds and refreshes the user, their records and the list.
 */
export function UserDetailModal({
  id,
  onClose,
  initialAction = null,
}: {
  id: string;
  onClose: () => void;
  /** An action form open from the start (the Send Notifications screen's "credit added" opens Add Balance). */
  initialAction?: 'credit' | null;
}) {
  const { t, i18n } = useTranslation();
  const viewer = useSession((s) => s.user);
  const superadmin = isSuperadmin(viewer);
  const { data: user, error, isPending } = useAdminUser(id);
  const [action, setAction] = useState<Action | null>(initialAction);
  const [actionError, setActionError] = useState<string | null>(null);
  const unban = useUnbanUser();
  const unlock = useUnlockUser();

  const done = (message: string) => {
    setAction(null);
    setActionError(null);
    showToast(message);
  };
  const run = async (work: () => Promise<{ message: string }>, fallback: string) => {
    setActionError(null);
    try {
      done((await work()).message);
    } catch (err) {
      setActionError(serverMessageOr(err, fallback));
    }
  };
  const toggle = (next: Action) => setAction((current) => (current === next ? null : next));

  return (
    <Modal label={t('adminUsers.detail.title')} size="md" onClose={onClose}>
      {isPending && <p className="muted">{t('common.loading')}</p>}
      {error && <Notice text={t('adminUsers.detail.loadFailed')} />}
      {user && (
        <div className="user-detail" data-testid="user-detail">
          <p className="user-detail-head">
            <strong>
              {user.firstName} {user.lastName}
            </strong>{' '}
            <span className="muted">
              {user.username} · {user.email} · {t(`adminUsers.roles.${user.role}`)}
            </span>
            {user.loginLocked && <span className="badge badge-red">{t('adminUsers.detail.locked')}</span>}
          </p>
          {user.banned && (
            <p className="notice notice-error">
              {t('adminUsers.detail.bannedSince', {
                when: user.bannedAt ? new Date(user.bannedAt).toLocaleString(i18n.language) : '',
                reason: user.banReason ?? '',
              })}
            </p>
          )}
          <StatCards user={user} />
          <ResponsibleTradingState state={user.responsibleTrading} />

          <div className="row user-actions">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => toggle('credit')}>
              {t('adminUsers.detail.addBalance')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => toggle('debit')}>
              {t('adminUsers.detail.deductBalance')}
            </button>
            <Link
              className="btn btn-ghost btn-sm"
              to={`/app-panel/login-history?user=${encodeURIComponent(user.id)}`}
            >
              {t('adminUsers.detail.logins')}
            </Link>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => toggle('password')}>
              {t('adminUsers.detail.changePassword')}
            </button>
            {user.banned ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={unban.isPending}
                onClick={() => run(() => unban.mutateAsync({ id: user.id }), WEB_MSG.userUpdateFailed)}
              >
                {t('adminUsers.detail.unban')}
              </button>
            ) : (
              <button type="button" className="btn btn-danger btn-sm" onClick={() => toggle('ban')}>
                {t('adminUsers.detail.ban')}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => toggle('reputation')}>
              {t('adminUsers.detail.editReputation')}
            </button>
            {superadmin && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={unlock.isPending}
                onClick={() => run(() => unlock.mutateAsync({ id: user.id }), WEB_MSG.userUpdateFailed)}
              >
                {t('adminUsers.detail.unlock')}
              </button>
            )}
          </div>
          <Notice text={actionError} />

          {(action === 'credit' || action === 'debit') && (
            <BalanceForm
              key={action}
              user={user}
              type={action}
              onDone={done}
              onCancel={() => setAction(null)}
            />
          )}
          {action === 'password' && (
            <PasswordForm user={user} onDone={done} onCancel={() => setAction(null)} />
          )}
          {action === 'ban' && <BanForm user={user} onDone={done} onCancel={() => setAction(null)} />}
          {action === 'reputation' && (
            <ReputationForm user={user} onDone={done} onCancel={() => setAction(null)} />
          )}

          <UserInfoForm user={user} canChangeRole={superadmin && viewer?.id !== user.id} onDone={done} />
          <HoldForm key={`${user.freezAmount}:${user.freezReason}`} user={user} onDone={done} />
          <UserHistory userId={user.id} />
        </div>
      )}
    </Modal>
  );
}
