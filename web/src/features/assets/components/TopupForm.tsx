import { formatRupees, MSG, type Topup } from '@app/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useCreateTopup } from '../api/create-topup.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { validateTopup, voucherProblem } from '../lib/topup-form.ts';

type FormNotice = { text: string; tone: 'error' | 'success' };

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
  const { run, pending } = useCreateTopup();
  const [amount, setAmount] = useState('');
  const [voucher, setVoucher] = useState<File | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [fileInput, setFileInput] = useState(0);
  const key = useRef<string | null>(null);
  const voucherId = useId();
  const preview = usePreview(voucher);

  const changed = () => {
    key.current = null;
    setNotice(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const valid = validateTopup(amount, voucher);
    if (!valid.ok) {
      setNotice({ text: valid.message, tone: 'error' });
      return;
    }
    key.current ??= newIdempotencyKey();
    setNotice(null);
    try {
      const answer = await run(valid.data, key.current);
      key.current = null;
      setAmount('');
      setVoucher(null);
      setFileInput((n) => n + 1);
      setNotice({ text: MSG.topupSent, tone: 'success' });
      onSent(answer.topup);
    } catch (error) {
      setNotice({ text: serverMessageOr(error, WEB_MSG.topupSubmitFailed), tone: 'error' });
    }
  };

  return (
    <form className="card form wl-form" onSubmit={submit} noValidate aria-labelledby={`${voucherId}-title`}>
      <h2 id={`${voucherId}-title`} className="card-label">
        {t('wallet.topup.formTitle')}
      </h2>
      <Field label={t('wallet.topup.rechargeType')} value="INR" onChange={() => {}} readOnly />
      <p className="wl-available">
        <span className="muted">{t('wallet.topup.available')}</span>{' '}
        <strong data-testid="topup-available">{formatRupees(available)}</strong>
      </p>
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
            changed();
            setVoucher(file);
            const problem = file ? voucherProblem(file) : null;
            if (problem) setNotice({ text: problem, tone: 'error' });
          }}
        />
        <small id={`${voucherId}-hint`} className="field-hint">
          {t('wallet.topup.voucherHint')}
        </small>
        {preview && <img className="wl-preview" src={preview} alt={t('wallet.topup.preview')} />}
      </div>
      <Field
        label={t('wallet.topup.amount')}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        placeholder={t('wallet.topup.amountPlaceholder')}
        value={amount}
        disabled={pending}
        onChange={(value) => {
          changed();
          setAmount(value);
        }}
      />
      <p className="muted small">{t('wallet.topup.reviewNote')}</p>
      <Notice text={notice?.text} tone={notice?.tone} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('wallet.topup.submitting') : t('wallet.topup.submit')}
      </button>
    </form>
  );
}
