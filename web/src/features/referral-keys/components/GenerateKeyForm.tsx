import { DEFAULT_REFERRAL_MAX_USES, type ReferralKey, referralKeyCreateSchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useCreateReferralKey } from '../api/create-referral-key.ts';

/** datetime-local has no zone: read it as local time and send an ISO instant. */
function expiryToIso(value: string): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

const EMPTY = { label: '', maxUses: String(DEFAULT_REFERRAL_MAX_USES), expiry: '' };

export function GenerateKeyForm({ onCreated }: { onCreated: (key: ReferralKey) => void }) {
  const { t } = useTranslation();
  const { mutateAsync: create, isPending: pending } = useCreateReferralKey();
  const { control, handleSubmit, setError, formState, reset } = useSchemaForm(
    referralKeyCreateSchema,
    EMPTY,
    (v) => ({
      label: v.label,
      maxUses: v.maxUses.trim() === '' ? undefined : v.maxUses,
      expiresAt: expiryToIso(v.expiry),
    }),
  );

  const submit = handleSubmit(async (body) => {
    try {
      const { key } = await create(body);
      reset(EMPTY);
      onCreated(key);
    } catch {
      setError('root.server', { type: 'server', message: WEB_MSG.createFailed });
    }
  });

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h2 className="card-label">{t('admin.keys.generateTitle')}</h2>
      <div className="form-row form-row-3">
        <FormField
          control={control}
          name="label"
          label={t('admin.keys.label')}
          maxLength={100}
          disabled={pending}
        />
        <FormField
          control={control}
          name="maxUses"
          label={t('admin.keys.maxUses')}
          type="number"
          min={1}
          step={1}
          disabled={pending}
        />
        <FormField
          control={control}
          name="expiry"
          label={t('admin.keys.expiry')}
          type="datetime-local"
          disabled={pending}
        />
      </div>
      <Notice text={formMessage(formState.errors)} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('admin.keys.generating') : t('admin.keys.generate')}
        </button>
      </div>
    </form>
  );
}
