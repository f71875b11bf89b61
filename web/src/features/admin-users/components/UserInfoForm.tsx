import { type AdminUserDetail, adminUserUpdateSchema, ROLES } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUpdateUser } from '../api/user-actions.ts';
import type { Done } from './ActionForms.tsx';

/** The register page with the user's referral key, or null when they registered without one. */
export function referralLink(code: string | null): string | null {
  return code ? `${window.location.origin}/register?ref=${encodeURIComponent(code)}` : null;
}

const valuesOf = (user: AdminUserDetail) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  hasReferral: user.hasReferral,
  role: user.role,
  accountHolderName: user.accountHolderName ?? '',
  bankAccountNumber: user.bankAccountNumber ?? '',
  bankName: user.bankName ?? '',
  ifscCode: user.ifscCode ?? '',
});

/**
 * The detail's info form. Without the spec's Will Win, Credit Score and Freez Amount fields
 * (INTEGRITY §1, §3: holds have their own form with a reason). The role select is the
 * superadmin's alone; for an admin the role is not sent at all.
 */
export function UserInfoForm({
  user,
  canChangeRole,
  onDone,
}: {
  user: AdminUserDetail;
  canChangeRole: boolean;
  onDone: Done;
}) {
  const { t } = useTranslation();
  const roleId = useId();
  const referralId = useId();
  const update = useUpdateUser();
  const form = useSchemaForm(adminUserUpdateSchema, valuesOf(user), ({ role, ...rest }) =>
    canChangeRole ? { ...rest, role } : rest,
  );
  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await update.mutateAsync({ id: user.id, body });
      form.reset(valuesOf(answer.user));
      onDone(answer.message);
    } catch (err) {
      form.setError('root.server', serverError(err, WEB_MSG.userUpdateFailed));
    }
  });
  const pending = update.isPending;
  const link = referralLink(user.referralCode);

  return (
    <form
      className="card form"
      noValidate
      aria-busy={pending}
      data-testid="user-info-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void submit();
      }}
    >
      <h3 className="card-label">{t('adminUsers.detail.info')}</h3>
      <div className="form-row">
        <FormField
          control={form.control}
          name="firstName"
          label={t('adminUsers.detail.firstName')}
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="lastName"
          label={t('adminUsers.detail.lastName')}
          disabled={pending}
        />
      </div>
      <FormField
        control={form.control}
        name="email"
        type="email"
        label={t('adminUsers.email')}
        disabled={pending}
      />
      {canChangeRole && (
        <div className="field">
          <label htmlFor={roleId}>{t('adminUsers.role')}</label>
          <select
            id={roleId}
            disabled={pending}
            aria-describedby={`${roleId}-note`}
            {...form.register('role')}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`adminUsers.roles.${role}`)}
              </option>
            ))}
          </select>
          <small id={`${roleId}-note`} className="field-hint">
            {t('adminUsers.detail.roleNote')}
          </small>
        </div>
      )}
      <label className="row row-tight">
        <input type="checkbox" disabled={pending} {...form.register('hasReferral')} />
        {t('adminUsers.detail.hasReferral')}
      </label>
      <div className="field">
        <label htmlFor={referralId}>{t('adminUsers.detail.referralLink')}</label>
        <input id={referralId} readOnly value={link ?? ''} placeholder={t('adminUsers.detail.noReferral')} />
      </div>
      <h3 className="card-label">{t('adminUsers.detail.bank')}</h3>
      <div className="form-row">
        <FormField
          control={form.control}
          name="accountHolderName"
          label={t('adminUsers.detail.accountHolderName')}
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="bankAccountNumber"
          label={t('adminUsers.detail.bankAccountNumber')}
          inputMode="numeric"
          disabled={pending}
        />
      </div>
      <div className="form-row">
        <FormField
          control={form.control}
          name="bankName"
          label={t('adminUsers.detail.bankName')}
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="ifscCode"
          label={t('adminUsers.detail.ifscCode')}
          normalize={(v) => v.toUpperCase()}
          disabled={pending}
        />
      </div>
      <Notice text={formMessage(form.formState.errors)} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('adminUsers.detail.saving') : t('adminUsers.detail.save')}
        </button>
      </div>
    </form>
  );
}
