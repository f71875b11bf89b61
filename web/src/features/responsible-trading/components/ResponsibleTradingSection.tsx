import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { useLimits } from '../api/responsible-trading.ts';
import { LimitsForm } from './LimitsForm.tsx';
import { PauseTrading } from './PauseTrading.tsx';

/**
 * The account page's "Responsible trading" card: the daily limits (the Indian day, from IST
 * midnight), a cool-off and a self-exclusion. Practice trading is never limited.
 */
export function ResponsibleTradingSection() {
  const { t } = useTranslation();
  const f = useLocaleFormat();
  const limits = useLimits();
  const s = limits.data;
  return (
    <article className="card" data-testid="responsible-trading">
      <h2>{t('limits.title')}</h2>
      <p className="muted">{t('limits.intro')}</p>
      {s?.selfExcludedUntil && (
        <Notice text={t('limits.selfExcludedUntil', { at: f.dateTime(s.selfExcludedUntil) })} />
      )}
      {s?.coolOffUntil && <Notice text={t('limits.coolOffUntil', { at: f.dateTime(s.coolOffUntil) })} />}
      {s && (
        <div className="grid grid-2 align-start">
          <LimitsForm settings={s} />
          <PauseTrading settings={s} />
        </div>
      )}
    </article>
  );
}
