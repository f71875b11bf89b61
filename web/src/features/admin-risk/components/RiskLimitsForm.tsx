import { MSG, type RiskLimits, riskLimitsUpdateSchema } from '@app/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveRiskLimits } from '../api/save-risk-limits.ts';

const asField = (rupees: number | null) => (rupees === null ? '' : String(rupees));

/** The two limits; an empty field is no limit. */
export function RiskLimitsForm({ limits, loading }: { limits: RiskLimits | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const { mutateAsync: save, isPending: pending } = useSaveRiskLimits();
  const { control, handleSubmit, setError, formState, reset } = useSchemaForm(riskLimitsUpdateSchema, {
    maxStakePerTrade: '',
    maxOpenStakePerCoin: '',
  });
  useEffect(() => {
    if (!limits) return;
    reset({
      maxStakePerTrade: asField(limits.maxStakePerTrade),
      maxOpenStakePerCoin: asField(limits.maxOpenStakePerCoin),
    });
  }, [limits]);

  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
      showToast(MSG.riskLimitsSaved);
    } catch (error) {
      setError('root.server', serverError(error, MSG.failedToSave));
    }
  });
  const message = formMessage(formState.errors);
  const busy = pending || loading;

  return (
    <form className="card form form-narrow" onSubmit={submit} noValidate>
      <h2 className="card-label">{t('adminRisk.limitsTitle')}</h2>
      <FormField
        control={control}
        name="maxStakePerTrade"
        label={t('adminRisk.maxStakePerTrade')}
        inputMode="decimal"
        hint={t('adminRisk.noLimitHint')}
        disabled={busy}
      />
      <FormField
        control={control}
        name="maxOpenStakePerCoin"
        label={t('adminRisk.maxOpenStakePerCoin')}
        inputMode="decimal"
        hint={t('adminRisk.noLimitHint')}
        disabled={busy}
      />
      <p className="muted small">{t('adminRisk.practiceNote')}</p>
      <Notice text={message} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
