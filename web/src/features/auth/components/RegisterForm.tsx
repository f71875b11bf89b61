import { check, MSG, registerSchema } from '@app/shared';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, PasswordField } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useRegister } from '../api/register.ts';

interface RegisterFormProps {
  initialReferral?: string;
  /** Called once the account exists; the caller schedules the redirect. */
  onSuccess: () => void;
  switchTo: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}

export function RegisterForm({ initialReferral = '', onSuccess, switchTo, onBusyChange }: RegisterFormProps) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const { mutateAsync: run, isPending: pending } = useRegister();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    referral: initialReferral.trim().toUpperCase(),
    password: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => onBusyChange?.(pending || done), [pending, done, onBusyChange]);

  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: key === 'referral' ? value.toUpperCase() : value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(registerSchema, form);
    if (!valid.ok) {
      setError(valid.message);
      return;
    }
    setError(null);
    try {
      const { token, user } = await run(valid.data);
      signIn(token, user);
      setDone(true);
      onSuccess();
    } catch (err) {
      setError(serverMessageOr(err, WEB_MSG.signupFailed));
    }
  };

  const locked = pending || done;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-row">
        <Field
          label={t('auth.firstName')}
          value={form.firstName}
          onChange={set('firstName')}
          autoComplete="given-name"
          disabled={locked}
        />
        <Field
          label={t('auth.lastName')}
          value={form.lastName}
          onChange={set('lastName')}
          autoComplete="family-name"
          disabled={locked}
        />
      </div>
      <Field
        label={t('auth.username')}
        value={form.username}
        onChange={set('username')}
        autoComplete="username"
        disabled={locked}
      />
      <Field
        label={t('auth.email')}
        type="email"
        value={form.email}
        onChange={set('email')}
        autoComplete="email"
        disabled={locked}
      />
      <Field
        label={t('auth.referral')}
        value={form.referral}
        onChange={set('referral')}
        hint={t('auth.referralHint')}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        className="field-mono"
        disabled={locked}
      />
      <PasswordField
        label={t('auth.password')}
        value={form.password}
        onChange={set('password')}
        autoComplete="new-password"
        disabled={locked}
      />
      <p className="field-hint">{t('auth.countryNote')}</p>
      {done ? <Notice tone="success" text={MSG.accountCreated} /> : <Notice text={error} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={locked}>
        {pending ? t('auth.submittingRegister') : t('auth.submitRegister')}
      </button>
      <p className="form-switch">
        {t('auth.haveAccount')} {switchTo}
      </p>
    </form>
  );
}
