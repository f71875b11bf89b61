import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useAdminCards } from '../api/get-admin-cards.ts';
import { useLiveAdminCards } from '../api/live-admin-cards.ts';
import { DashboardCards } from './DashboardCards.tsx';
import { DevicePie } from './DevicePie.tsx';

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { data, error, isPending } = useAdminCards();
  useLiveAdminCards();
  return (
    <Page title={t('admin.nav.dashboard')}>
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : error || !data ? (
        <Notice text={WEB_MSG.statsFailed} />
      ) : (
        <>
          <p className="muted small" data-testid="stats-computed-at">
            {t('adminDashboard.computedAt', {
              time: new Date(data.computedAt).toLocaleString(i18n.language),
            })}
          </p>
          <DashboardCards data={data} />
          <article className="card">
            <h2 className="card-label">{t('admin.dashboard.devices')}</h2>
            <DevicePie devices={data.devices} />
          </article>
        </>
      )}
    </Page>
  );
}
