import { loginSchema } from '@app/shared';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  onSuccess: () => void;
  /** The "register" link or button under the form. */
  switchTo: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}

export function LoginForm({ onSuccess, switchTo, onBusyChange }: LoginFormProps) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const { mutateAsync: login, isPending: pending } = useLogin();
  const { control, handleSubmit, setError, formState } = useSchemaForm(loginSchema, {
    identifier: '',
    password: '',
  });

  useEffect(() => onBusyChange?.(pending), [pending, onBusyChange]);

  const submit = handleSubmit(async (body) => {
    try {
      const { token, user } = await login(body);
      signIn(token, user);
      onSuccess();
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.loginFailed));
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormField
        control={control}
        name="identifier"
        label={t('auth.identifier')}
        autoComplete="username"
        disabled={pending}
      />
      <FormField
        control={control}
        name="password"
        password
        label={t('auth.password')}
        autoComplete="current-password"
        disabled={pending}
      />
      <Notice text={formMessage(formState.errors)} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('auth.submittingLogin') : t('auth.submitLogin')}
      </button>
      <p className="form-switch">
        {t('auth.noAccount')} {switchTo}
      </p>
    </form>
  );
}
