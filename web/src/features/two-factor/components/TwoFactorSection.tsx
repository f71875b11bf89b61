import './two-factor.css';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { TwoFactorDisable } from './TwoFactorDisable.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

/** The account page's "Two-factor authentication" card: its state, setup, or turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const enabled = status.data?.enabled ?? false;
  return (
    <article className="card two-factor" data-testid="two-factor-section">
      <h2>
        {t('twoFactor.title')}{' '}
        {status.data && (
          <span className={`badge ${enabled ? 'badge-green' : ''}`} data-testid="two-factor-state">
            {enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
          </span>
        )}
      </h2>
      <p className="muted">{t('twoFactor.intro')}</p>
      {status.data &&
        (enabled ? (
          <>
            <p>{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>
            <TwoFactorDisable onDisabled={showToast} />
          </>
        ) : (
          <TwoFactorSetup onEnabled={showToast} />
        ))}
    </article>
  );
}
