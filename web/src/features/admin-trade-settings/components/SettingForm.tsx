import { MSG, TRADE_UNITS, type TradeSetting, tradeSettingInputSchema } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useChangeTradeSetting } from '../api/trade-settings.ts';
import { breakEvenLabel } from '../lib/break-even.ts';

type Values = { time: string; unit: string; payoutPercent: string };

/** Add or edit a duration: time, unit and the payout it offers, with the break-even it implies. */
export function SettingForm({
  setting,
  onSaved,
  onClose,
}: {
  /** null: a new setting. */
  setting: TradeSetting | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unitId = useId();
  const change = useChangeTradeSetting();
  const pending = change.isPending;
  const { control, register, handleSubmit, setError, formState, watch } = useSchemaForm(
    tradeSettingInputSchema,
    {
      time: setting ? String(setting.time) : '',
      unit: setting?.unit ?? 'Seconds',
      payoutPercent: setting ? String(setting.payoutPercent) : '',
    } satisfies Values,
    // Left empty, a new setting pays its time value (the spec's rule) and an edit keeps its payout.
    (v) => ({ ...v, payoutPercent: v.payoutPercent.trim() === '' ? undefined : v.payoutPercent }),
  );
  const payout = Number(watch('payoutPercent'));
  const showBreakEven = Number.isInteger(payout) && payout >= 1 && payout <= 1000;

  const submit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(setting ? { kind: 'update', id: setting.id, body } : { kind: 'create', body });
      onSaved();
    } catch (error) {
      setError('root.server', serverError(error, MSG.failedToSave));
    }
  });

  const title = setting ? t('adminTradeSettings.editTitle') : t('adminTradeSettings.addTitle');
  return (
    <Modal label={title} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="form-row">
          <FormField
            control={control}
            name="time"
            label={t('adminTradeSettings.time')}
            type="number"
            min={1}
            step={1}
            disabled={pending}
          />
          <div className="field">
            <label htmlFor={unitId}>{t('adminTradeSettings.unit')}</label>
            <select id={unitId} {...register('unit')} disabled={pending}>
              {TRADE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t(`adminTradeSettings.units.${unit}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FormField
          control={control}
          name="payoutPercent"
          label={t('adminTradeSettings.payout')}
          type="number"
          min={1}
          max={1000}
          step={1}
          hint={
            showBreakEven
              ? t('adminTradeSettings.breakEvenHint', { rate: breakEvenLabel(payout) })
              : t('adminTradeSettings.payoutHint')
          }
          disabled={pending}
        />
        <Notice text={formMessage(formState.errors)} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
