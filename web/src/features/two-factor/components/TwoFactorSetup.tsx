import { MSG, twoFactorEnableSchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useEnableTwoFactor, useSetupTwoFactor } from '../api/two-factor.ts';
import { QrCode } from './QrCode.tsx';

/**
 * Setting it up: a new secret as a QR code and as a key to type, the recovery codes to save
 * (shown this once), and the first code from the app, which turns it on.
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled?: (message: string) => void }) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const { control, handleSubmit, setError, formState } = useSchemaForm(twoFactorEnableSchema, { code: '' });

  const submit = handleSubmit(async (body) => {
    try {
      const { message } = await enable.mutateAsync(body);
      onEnabled?.(message);
    } catch (err) {
      setError('root.server', serverError(err, MSG.serverError));
    }
  });

  if (!setup.data) {
    return (
      <div className="two-factor-start">
        <button
          type="button"
          className="btn btn-primary"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {setup.isPending ? t('twoFactor.starting') : t('twoFactor.start')}
        </button>
        {setup.isError && <Notice text={serverError(setup.error, MSG.serverError).message} />}
      </div>
    );
  }

  const { uri, secret, recoveryCodes } = setup.data;
  return (
    <div className="two-factor-setup" data-testid="two-factor-setup">
      <p>{t('twoFactor.scan')}</p>
      <QrCode value={uri} alt={t('twoFactor.qrAlt')} />
      <p className="two-factor-key">
        <span className="muted">{t('twoFactor.manualKey')}: </span>
        <code data-testid="two-factor-secret">{secret}</code>{' '}
        <CopyButton value={secret} label={t('twoFactor.manualKey')} />
      </p>
      <h3>{t('twoFactor.recoveryTitle')}</h3>
      <p className="muted">{t('twoFactor.recoveryHint')}</p>
      <ul className="two-factor-codes" data-testid="two-factor-recovery-codes">
        {recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <form className="form" onSubmit={submit} noValidate>
        <FormField
          control={control}
          name="code"
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          disabled={enable.isPending}
        />
        <Notice text={formMessage(formState.errors)} />
        <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
          {enable.isPending ? t('twoFactor.enabling') : t('twoFactor.enable')}
        </button>
      </form>
    </div>
  );
}
