import { type AuthResponse, loginSchema } from '@app/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useLogin } from '../api/login.ts';
import { TwoFactorStep } from './TwoFactorStep.tsx';

/** Where a staff account without two-factor sign-in goes after signing in. */
const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

interface LoginFormProps {
  /** Signed in; `next`: a page the person must see first (the staff two-factor setup). */
  onSuccess: (next?: string) => void;
  /** The "register" link or button under the form. */
  switchTo: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}

export function LoginForm({ onSuccess, switchTo, onBusyChange }: LoginFormProps) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const { mutateAsync: login, isPending: pending } = useLogin();
  /** Set while the second step (a code) is asked for. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useSchemaForm(loginSchema, {
    identifier: '',
    password: '',
  });

  useEffect(() => onBusyChange?.(pending), [pending, onBusyChange]);

  const signedIn = ({ token, user }: AuthResponse, setupRequired = false) => {
    signIn(token, user);
    // Staff without two-factor sign-in set it up first: their staff pages refuse them until then.
    onSuccess(setupRequired ? TWO_FACTOR_SETUP_PATH : undefined);
  };

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await login(body);
      if ('challenge' in answer) setChallenge(answer.challenge);
      else signedIn(answer, answer.twoFactorSetupRequired === true);
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.loginFailed));
    }
  });

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={(session) => signedIn(session)}
        onBack={() => setChallenge(null)}
      />
    );

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
