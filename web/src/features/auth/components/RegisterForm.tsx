import { MSG, registerSchema } from '@app/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { PasswordVerdict } from '../../../components/PasswordVerdict.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import type { PasswordCheck } from '../../../lib/password-strength.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useRegister } from '../api/register.ts';

interface RegisterFormProps {
  initialReferral?: string;
  /** Called once the account exists; the caller schedules the redirect. */
  onSuccess: () => void;
  switchTo: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}

const upper = (value: string) => value.toUpperCase();

const EMPTY = { firstName: '', lastName: '', username: '', email: '', referral: '', password: '' };

/** The new password, judged with the names and address typed beside it. */
const passwordCheck: PasswordCheck<typeof EMPTY> = {
  field: 'password',
  owner: ({ username, firstName, lastName, email }) => ({ username, firstName, lastName, email }),
};

export function RegisterForm({ initialReferral = '', onSuccess, switchTo, onBusyChange }: RegisterFormProps) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const { mutateAsync: register, isPending: pending } = useRegister();
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    registerSchema,
    { ...EMPTY, referral: initialReferral.trim().toUpperCase() },
    undefined,
    passwordCheck,
  );
  const [done, setDone] = useState(false);

  useEffect(() => onBusyChange?.(pending || done), [pending, done, onBusyChange]);

  const submit = handleSubmit(async (body) => {
    try {
      const { token, user } = await register(body);
      signIn(token, user);
      setDone(true);
      onSuccess();
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.signupFailed));
    }
  });

  const locked = pending || done;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-row">
        <FormField
          label={t('auth.firstName')}
          control={control}
          name="firstName"
          autoComplete="given-name"
          disabled={locked}
        />
        <FormField
          label={t('auth.lastName')}
          control={control}
          name="lastName"
          autoComplete="family-name"
          disabled={locked}
        />
      </div>
      <FormField
        label={t('auth.username')}
        control={control}
        name="username"
        autoComplete="username"
        disabled={locked}
      />
      <FormField
        label={t('auth.email')}
        type="email"
        control={control}
        name="email"
        autoComplete="email"
        disabled={locked}
      />
      <FormField
        label={t('auth.referral')}
        control={control}
        name="referral"
        normalize={upper}
        hint={t('auth.referralHint')}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        className="field-mono"
        disabled={locked}
      />
      <FormField
        password
        label={t('auth.password')}
        control={control}
        name="password"
        autoComplete="new-password"
        disabled={locked}
      />
      <PasswordVerdict control={control} check={passwordCheck} />
      <p className="field-hint">{t('auth.countryNote')}</p>
      {done ? (
        <Notice tone="success" text={MSG.accountCreated} />
      ) : (
        <Notice text={formMessage(formState.errors)} />
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={locked}>
        {pending ? t('auth.submittingRegister') : t('auth.submitRegister')}
      </button>
      <p className="form-switch">
        {t('auth.haveAccount')} {switchTo}
      </p>
    </form>
  );
}
