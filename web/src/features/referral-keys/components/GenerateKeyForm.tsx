import { check, DEFAULT_REFERRAL_MAX_USES, type ReferralKey, referralKeyCreateSchema } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useCreateReferralKey } from '../api/create-referral-key.ts';

/** datetime-local has no zone: read it as local time and send an ISO instant. */
function expiryToIso(value: string): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

export function GenerateKeyForm({ onCreated }: { onCreated: (key: ReferralKey) => void }) {
  const { t } = useTranslation();
  const { mutateAsync: run, isPending: pending } = useCreateReferralKey();
  const [label, setLabel] = useState('');
  const [maxUses, setMaxUses] = useState(String(DEFAULT_REFERRAL_MAX_USES));
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(referralKeyCreateSchema, {
      label,
      maxUses: maxUses.trim() === '' ? undefined : maxUses,
      expiresAt: expiryToIso(expiry),
    });
    if (!valid.ok) {
      setError(valid.message);
      return;
    }
    setError(null);
    try {
      const { key } = await run(valid.data);
      setLabel('');
      setMaxUses(String(DEFAULT_REFERRAL_MAX_USES));
      setExpiry('');
      onCreated(key);
    } catch {
      setError(WEB_MSG.createFailed);
    }
  };

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h2 className="card-label">{t('admin.keys.generateTitle')}</h2>
      <div className="form-row form-row-3">
        <Field
          label={t('admin.keys.label')}
          value={label}
          onChange={setLabel}
          maxLength={100}
          disabled={pending}
        />
        <Field
          label={t('admin.keys.maxUses')}
          type="number"
          min={1}
          step={1}
          value={maxUses}
          onChange={setMaxUses}
          disabled={pending}
        />
        <Field
          label={t('admin.keys.expiry')}
          type="datetime-local"
          value={expiry}
          onChange={setExpiry}
          disabled={pending}
        />
      </div>
      <Notice text={error} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('admin.keys.generating') : t('admin.keys.generate')}
        </button>
      </div>
    </form>
  );
}
