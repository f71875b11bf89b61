import { type DailyLimit, formatINR, limitsUpdateSchema, MSG, type ResponsibleTrading } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useLocaleFormat } from '../../../lib/locale-format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateLimits } from '../api/responsible-trading.ts';

const asField = (value: number | null) => (value === null ? '' : String(value));

function LimitState({ limit, testId }: { limit: DailyLimit; testId: string }) {
  const { t } = useTranslation();
  const f = useLocaleFormat();
  return (
    <p className="muted" data-testid={testId}>
      {limit.current === null
        ? t('limits.none')
        : t('limits.inForce', { amount: `₹${formatINR(limit.current)}` })}{' '}
      {t('limits.usedToday', { amount: `₹${formatINR(limit.usedToday)}` })}
      {limit.pending && (
        <>
          {' '}
          {t(limit.pending.value === null ? 'limits.pendingRemoval' : 'limits.pending', {
            amount: limit.pending.value === null ? '' : `₹${formatINR(limit.pending.value)}`,
            at: f.dateTime(limit.pending.appliesAt),
          })}
        </>
      )}
    </p>
  );
}

/** The daily loss and deposit limits, with the shared schema the gateway checks them with. */
export function LimitsForm({ settings }: { settings: ResponsibleTrading }) {
  const { t } = useTranslation();
  const { mutateAsync: save, isPending: pending } = useUpdateLimits();
  const { control, handleSubmit, setError, formState } = useSchemaForm(limitsUpdateSchema, {
    dailyLossLimit: asField(settings.dailyLossLimit.pending?.value ?? settings.dailyLossLimit.current),
    dailyDepositLimit: asField(
      settings.dailyDepositLimit.pending?.value ?? settings.dailyDepositLimit.current,
    ),
  });

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await save(body);
      showToast(answer.message ?? MSG.limitsSaved);
    } catch (err) {
      setError('root.server', serverError(err, MSG.serverError));
    }
  });
  const error = formMessage(formState.errors);

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="limits-form">
      <FormField
        control={control}
        name="dailyLossLimit"
        label={t('limits.dailyLoss')}
        inputMode="decimal"
        autoComplete="off"
        disabled={pending}
      />
      <LimitState limit={settings.dailyLossLimit} testId="loss-limit-state" />
      <FormField
        control={control}
        name="dailyDepositLimit"
        label={t('limits.dailyDeposit')}
        inputMode="decimal"
        autoComplete="off"
        disabled={pending}
      />
      <LimitState limit={settings.dailyDepositLimit} testId="deposit-limit-state" />
      <p className="muted">{t('limits.rules')}</p>
      <Notice text={error} />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t('common.saving') : t('limits.save')}
      </button>
    </form>
  );
}
