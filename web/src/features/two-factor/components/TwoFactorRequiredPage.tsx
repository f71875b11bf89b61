import { MSG } from '@app/shared';
import { useTranslation } from 'react-i18next';
import './two-factor.css';
import { Link } from 'react-router';
import { Notice } from '../../../components/Notice.tsx';
import { usePageTitle } from '../../../lib/site.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

/**
 * Where a staff account without two-factor sign-in lands after signing in (and when it opens
 * the panel): staff routes refuse it until this setup is done.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation();
  usePageTitle(t('twoFactor.requiredTitle'));
  const status = useTwoFactorStatus();
  const enabled = status.data?.enabled ?? false;
  return (
    <section className="page two-factor-required">
      <div className="card">
        <h1>{t('twoFactor.requiredTitle')}</h1>
        <p>{t('twoFactor.requiredIntro')}</p>
        {enabled ? (
          <>
            <Notice tone="success" text={MSG.twoFactorEnabled} />
            <Link to="/app-panel" className="btn btn-primary" data-testid="two-factor-to-panel">
              {t('twoFactor.toPanel')}
            </Link>
          </>
        ) : (
          status.data && <TwoFactorSetup />
        )}
      </div>
    </section>
  );
}
