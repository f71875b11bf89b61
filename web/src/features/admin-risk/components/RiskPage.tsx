import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { useExposure } from '../api/get-exposure.ts';
import { useRiskLimits } from '../api/get-risk-limits.ts';
import { ExposureTable } from './ExposureTable.tsx';
import { RiskLimitsForm } from './RiskLimitsForm.tsx';

/** Risk: the open exposure of running real trades, live, and the limits placement enforces. */
export function RiskPage() {
  const { t } = useTranslation();
  const exposure = useExposure();
  const limits = useRiskLimits();
  return (
    <Page title={t('admin.nav.risk')}>
      <section className="stack" aria-labelledby="risk-exposure">
        <h2 id="risk-exposure">{t('adminRisk.exposureTitle')}</h2>
        <p className="muted small">{t('adminRisk.exposureHint')}</p>
        {exposure.isPending ? (
          <p className="muted">{t('common.loading')}</p>
        ) : exposure.error || !exposure.data ? (
          <Notice text={t('adminRisk.exposureFailed')} />
        ) : (
          <ExposureTable exposure={exposure.data} />
        )}
      </section>
      {limits.error ? <Notice text={t('adminRisk.limitsFailed')} /> : null}
      <RiskLimitsForm limits={limits.data} loading={limits.isPending} />
    </Page>
  );
}
