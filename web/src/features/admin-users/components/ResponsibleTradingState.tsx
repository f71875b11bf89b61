import { type DailyLimit, formatINR, type ResponsibleTrading } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/locale-format.ts';

/** The user's own limits, cool-off and self-exclusion, as the admin sees them: read only. */
export function ResponsibleTradingState({ state }: { state: ResponsibleTrading }) {
  const { t } = useTranslation();
  const f = useLocaleFormat();
  const limit = (l: DailyLimit) =>
    `${l.current === null ? t('limits.none') : t('limits.inForce', { amount: `₹${formatINR(l.current)}` })} ${t('limits.usedToday', { amount: `₹${formatINR(l.usedToday)}` })}`;
  return (
    <section className="card" data-testid="user-responsible-trading">
      <h3 className="card-label">{t('limits.title')}</h3>
      <p>
        {state.disclosure.acceptedAt
          ? t('limits.disclosureAccepted', { at: f.dateTime(state.disclosure.acceptedAt) })
          : t('limits.disclosureMissing')}
      </p>
      <p>
        {t('limits.lossShort')}: {limit(state.dailyLossLimit)}
      </p>
      <p>
        {t('limits.depositShort')}: {limit(state.dailyDepositLimit)}
      </p>
      {state.coolOffUntil && <p>{t('limits.coolOffUntil', { at: f.dateTime(state.coolOffUntil) })}</p>}
      {state.selfExcludedUntil && (
        <p data-testid="user-self-excluded">
          {t('limits.selfExcludedUntil', { at: f.dateTime(state.selfExcludedUntil) })}
        </p>
      )}
      <p className="muted">{t('limits.adminNote')}</p>
    </section>
  );
}
