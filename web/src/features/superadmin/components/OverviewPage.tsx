import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useOverview } from '../api/get-overview.ts';

const LINKS = [
  { to: '/app-panel/super/create-user', title: 'createUser', text: 'createUserText' },
  { to: '/app-panel/super/create-admin', title: 'createAdmin', text: 'createAdminText' },
  { to: '/app-panel/super/site-settings', title: 'siteSettings', text: 'siteSettingsText' },
  { to: '/app-panel/super/trading-halt', title: 'tradingHalt', text: 'tradingHaltText' },
  { to: '/app-panel/users', title: 'manageUsers', text: 'manageUsersText' },
] as const;

const COUNTS = ['users', 'admins', 'superadmins', 'activeReferralKeys', 'loginsLast24h'] as const;
const COUNT_LABEL = {
  users: 'users',
  admins: 'admins',
  superadmins: 'superadmins',
  activeReferralKeys: 'activeKeys',
  loginsLast24h: 'logins24h',
} as const;

export function OverviewPage() {
  const { t } = useTranslation();
  const { data, error } = useOverview();
  return (
    <Page title={t('admin.nav.overview')}>
      <p className="muted">{t('admin.super.intro')}</p>
      <div className="grid grid-4">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="card link-card">
            <h2>{t(`admin.nav.${l.title}`)}</h2>
            <p className="muted">{t(`admin.super.${l.text}`)}</p>
          </Link>
        ))}
      </div>
      {error ? (
        <Notice text={WEB_MSG.overviewFailed} />
      ) : (
        <div className="grid grid-stats">
          {COUNTS.map((key) => (
            <article key={key} className="card stat-card">
              <h2 className="card-label">{t(`admin.super.${COUNT_LABEL[key]}`)}</h2>
              <p className="stat-value">{data ? data[key] : '…'}</p>
            </article>
          ))}
        </div>
      )}
    </Page>
  );
}
