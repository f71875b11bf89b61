import { MSG, type Topup } from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useCreateTopup } from '../api/create-topup.ts';
import { validateTopup, voucherProblem } from '../lib/topup-form.ts';
import { useRequestForm } from '../lib/use-request-form.ts';
import { AmountAndSubmit, AvailableLine } from './RequestFormParts.tsx';

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** The selected image as an object URL, revoked when it changes or the form goes away. */
function usePreview(file: File | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!file || voucherProblem(file) || !canPreview()) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return src;
}

/**
 * A top-up request: INR, an amount and the payment voucher. Checked here with the spec's
 * messages before anything is sent; one Idempotency-Key per submission, kept for a retry of
 * the same form and renewed when it changes or succeeds.
 */
export function TopupForm({ available, onSent }: { available: number; onSent: (topup: Topup) => void }) {
  const { t } = useTranslation();
  const { mutateAsync: create, isPending: pending } = useCreateTopup();
  const [fileInput, setFileInput] = useState(0);
  const { form, error, invalid, setQuietly, submitWith } = useRequestForm(
    { amount: '', voucher: null as File | null },
    (v) => validateTopup(v.amount, v.voucher),
  );
  const amount = useController({ control: form.control, name: 'amount' });
  const voucher = form.watch('voucher');
  const voucherId = useId();
  const preview = usePreview(voucher);

  const submit = submitWith(
    (data, idempotencyKey) => create({ ...data, idempotencyKey }),
    (answer) => {
      setQuietly({ voucher: null });
      setFileInput((n) => n + 1);
      onSent(answer.topup);
    },
    { sent: MSG.topupSent, failed: WEB_MSG.topupSubmitFailed },
  );

  return (
    <form
      className="card form wl-form"
      onSubmit={(event) => (pending ? event.preventDefault() : submit(event))}
      noValidate
      aria-labelledby={`${voucherId}-title`}
    >
      <h2 id={`${voucherId}-title`} className="card-label">
        {t('wallet.topup.formTitle')}
      </h2>
      <Field label={t('wallet.topup.rechargeType')} value="INR" onChange={() => {}} readOnly />
      <AvailableLine label={t('wallet.topup.available')} amount={available} testId="topup-available" />
      <div className="field">
        <label htmlFor={voucherId}>{t('wallet.topup.voucher')}</label>
        <input
          key={fileInput}
          id={voucherId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${voucherId}-hint`}
          disabled={pending}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            form.setValue('voucher', file);
            const problem = file ? voucherProblem(file) : null;
            if (problem) invalid(problem);
          }}
        />
        <small id={`${voucherId}-hint`} className="field-hint">
          {t('wallet.topup.voucherHint')}
        </small>
        {preview && <img className="wl-preview" src={preview} alt={t('wallet.topup.preview')} />}
      </div>
      <AmountAndSubmit
        text={{
          amount: t('wallet.topup.amount'),
          placeholder: t('wallet.topup.amountPlaceholder'),
          note: t('wallet.topup.reviewNote'),
          submit: t('wallet.topup.submit'),
          submitting: t('wallet.topup.submitting'),
        }}
        amount={{ value: amount.field.value, onChange: amount.field.onChange }}
        error={error}
        pending={pending}
      />
    </form>
  );
}
