import { MSG, twoFactorDisableSchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useDisableTwoFactor } from '../api/two-factor.ts';

/** Turning it off takes the password and a code (or a recovery code). */
export function TwoFactorDisable({ onDisabled }: { onDisabled: (message: string) => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const { control, handleSubmit, setError, formState } = useSchemaForm(twoFactorDisableSchema, {
    password: '',
    code: '',
  });
  const submit = handleSubmit(async (body) => {
    try {
      onDisabled((await disable.mutateAsync(body)).message);
    } catch (err) {
      setError('root.server', serverError(err, MSG.serverError));
    }
  });
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="two-factor-disable">
      <h3>{t('twoFactor.disableTitle')}</h3>
      <p className="muted">{t('twoFactor.disableHint')}</p>
      <FormField
        control={control}
        name="password"
        password
        label={t('twoFactor.password')}
        autoComplete="current-password"
        disabled={disable.isPending}
      />
      <FormField
        control={control}
        name="code"
        label={t('twoFactor.disableCode')}
        autoComplete="one-time-code"
        disabled={disable.isPending}
      />
      <Notice text={formMessage(formState.errors)} />
      <button type="submit" className="btn btn-danger" disabled={disable.isPending}>
        {disable.isPending ? t('twoFactor.disabling') : t('twoFactor.disable')}
      </button>
    </form>
  );
}
