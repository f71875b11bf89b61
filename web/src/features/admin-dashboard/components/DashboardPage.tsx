import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useAdminCards } from '../api/get-admin-cards.ts';
import { DevicePie } from './DevicePie.tsx';

export function DashboardPage() {
  const { t } = useTranslation();
  const { data, error, isPending } = useAdminCards();
  return (
    <Page title={t('admin.nav.dashboard')}>
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : error || !data ? (
        <Notice text={WEB_MSG.statsFailed} />
      ) : (
        <>
          <div className="grid grid-stats">
            <article className="card stat-card">
              <h2 className="card-label">{t('admin.dashboard.totalUsers')}</h2>
              <p className="stat-value">{data.cards.totalUsers}</p>
            </article>
            <article className="card stat-card">
              <h2 className="card-label">{t('admin.dashboard.activeUsers')}</h2>
              <p className="stat-value">{data.cards.activeUsers}</p>
            </article>
          </div>
          <article className="card">
            <h2 className="card-label">{t('admin.dashboard.devices')}</h2>
            <DevicePie devices={data.devices} />
          </article>
        </>
      )}
    </Page>
  );
}
