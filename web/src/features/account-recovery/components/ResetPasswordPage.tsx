import { MSG, resetPasswordSchema } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { PasswordVerdict } from '../../../components/PasswordVerdict.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import type { PasswordCheck } from '../../../lib/password-strength.ts';
import { useSession } from '../../../lib/session/index.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { useResetPassword } from '../api/account-links.ts';

/**
 * The page does not know whose link it is: the verdict here weighs the common passwords and the
 * site's name, and the gateway adds the account's own words.
 */
const passwordCheck: PasswordCheck<{ newPassword: string }> = { field: 'newPassword', owner: () => ({}) };

/** The emailed reset link's page: a new password for the account the token names. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.resetTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const logout = useSession((s) => s.logout);
  const { mutateAsync, isPending: pending } = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    resetPasswordSchema,
    { newPassword: '' },
    (values) => ({ ...values, token }),
    passwordCheck,
  );

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await mutateAsync(body);
      // Every session of the account ended, this browser's too if it was signed in.
      logout();
      setDone(answer.message);
    } catch (err) {
      setError('root.server', serverError(err, MSG.serverError));
    }
  });

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.resetTitle')}</h1>
        {done ? (
          <>
            <Notice tone="success" text={done} />
            <Link to="/login" className="btn btn-primary btn-block">
              {t('auth.toLogin')}
            </Link>
          </>
        ) : (
          <>
            <p className="muted">{t('auth.resetIntro')}</p>
            <form className="form" onSubmit={submit} noValidate>
              <FormField
                control={control}
                name="newPassword"
                password
                label={t('auth.newPassword')}
                autoComplete="new-password"
                disabled={pending}
              />
              <PasswordVerdict control={control} check={passwordCheck} />
              <Notice text={formMessage(formState.errors)} />
              <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
                {pending ? t('auth.submittingReset') : t('auth.submitReset')}
              </button>
            </form>
            <p className="form-switch">
              <Link to="/forgot-password">{t('auth.askNewLink')}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
