import { changePasswordSchema, MSG, TIMINGS } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { PasswordVerdict } from '../../../components/PasswordVerdict.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import type { PasswordCheck } from '../../../lib/password-strength.ts';
import { useSession } from '../../../lib/session/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '' };

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { mutateAsync: change, isPending: pending } = useChangePassword();
  const user = useSession((s) => s.user);
  // Judged with the signed-in account's own words, as the gateway judges it.
  const passwordCheck: PasswordCheck<typeof EMPTY> = {
    field: 'newPassword',
    owner: () => ({
      username: user?.username,
      firstName: user?.firstName,
      lastName: user?.lastName,
      email: user?.email,
    }),
  };
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    changePasswordSchema,
    EMPTY,
    undefined,
    passwordCheck,
  );
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = handleSubmit(async (body) => {
    try {
      // Older tokens stop working; the mutation keeps this session on the new one.
      await change(body);
      setDone(true);
      showToast(MSG.passwordChanged);
      timer.current = window.setTimeout(onClose, TIMINGS.modalCloseAfterSaveMs);
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.passwordFailed));
    }
  });
  const error = formMessage(formState.errors);

  const locked = pending || done;
  return (
    <Modal label={t('account.changePassword')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField
          control={control}
          name="currentPassword"
          password
          label={t('account.currentPassword')}
          autoComplete="current-password"
          disabled={locked}
        />
        <FormField
          control={control}
          name="newPassword"
          password
          label={t('account.newPassword')}
          autoComplete="new-password"
          disabled={locked}
        />
        <PasswordVerdict control={control} check={passwordCheck} />
        <Notice text={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={locked}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
