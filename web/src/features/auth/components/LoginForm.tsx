import { check, loginSchema } from '@app/shared';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, PasswordField } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
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
  const { mutateAsync: run, isPending: pending } = useLogin();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => onBusyChange?.(pending), [pending, onBusyChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(loginSchema, { identifier, password });
    if (!valid.ok) {
      setError(valid.message);
      return;
    }
    setError(null);
    try {
      const { token, user } = await run(valid.data);
      signIn(token, user);
      onSuccess();
    } catch (err) {
      setError(serverMessageOr(err, WEB_MSG.loginFailed));
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label={t('auth.identifier')}
        value={identifier}
        onChange={setIdentifier}
        autoComplete="username"
        disabled={pending}
      />
      <PasswordField
        label={t('auth.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        disabled={pending}
      />
      <Notice text={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('auth.submittingLogin') : t('auth.submitLogin')}
      </button>
      <p className="form-switch">
        {t('auth.noAccount')} {switchTo}
      </p>
    </form>
  );
}
