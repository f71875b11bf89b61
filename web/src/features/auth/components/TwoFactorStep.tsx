import { type AuthResponse, twoFactorVerifySchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useVerifyTwoFactor } from '../api/login.ts';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (session: AuthResponse) => void;
  /** The challenge expired or the person wants to start again: back to the password. */
  onBack: () => void;
}

/** The second step of a sign-in: a code from the authenticator app or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const { mutateAsync: verify, isPending: pending } = useVerifyTwoFactor();
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    twoFactorVerifySchema,
    { code: '' },
    (values) => ({ ...values, challenge }),
  );
  const submit = handleSubmit(async (body) => {
    try {
      onSignedIn(await verify(body));
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.loginFailed));
    }
  });
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="two-factor-step">
      <h2>{t('twoFactor.stepTitle')}</h2>
      <p className="muted">{t('twoFactor.stepIntro')}</p>
      <FormField
        control={control}
        name="code"
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        disabled={pending}
      />
      <Notice text={formMessage(formState.errors)} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </button>
      <p className="form-switch">
        <button type="button" className="link-button" onClick={onBack} disabled={pending}>
          {t('twoFactor.back')}
        </button>
      </p>
    </form>
  );
}
