import { forgotPasswordSchema, MSG } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { usePageTitle } from '../../../lib/site.ts';
import { useForgotPassword } from '../api/account-links.ts';

/** "Forgot password?": a username or email; the answer never says whether an account matched. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgotTitle'));
  const { mutateAsync, isPending: pending } = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useSchemaForm(forgotPasswordSchema, {
    identifier: '',
  });

  const submit = handleSubmit(async (body) => {
    try {
      setSent((await mutateAsync(body)).message);
    } catch (err) {
      setError('root.server', serverError(err, MSG.serverError));
    }
  });

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>{t('auth.forgotTitle')}</h1>
        <p className="muted">{t('auth.forgotIntro')}</p>
        {sent ? (
          <Notice tone="success" text={sent} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <FormField
              control={control}
              name="identifier"
              label={t('auth.identifier')}
              autoComplete="username"
              disabled={pending}
            />
            <Notice text={formMessage(formState.errors)} />
            <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
              {pending ? t('auth.submittingForgot') : t('auth.submitForgot')}
            </button>
          </form>
        )}
        <p className="form-switch">
          <Link to="/login">{t('auth.toLogin')}</Link>
        </p>
      </div>
    </section>
  );
}
