import { type PublicUser, profileSchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

interface Props {
  user: PublicUser;
  onSaved: (user: PublicUser, message: string) => void;
  onClose: () => void;
}

export function EditProfileModal({ user, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const { mutateAsync: update, isPending: pending } = useUpdateProfile();
  const { control, handleSubmit, setError, formState } = useSchemaForm(profileSchema, {
    firstName: user.firstName,
    lastName: user.lastName,
  });

  const submit = handleSubmit(async (body) => {
    try {
      const res = await update(body);
      onSaved(res.user, res.message);
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.profileFailed));
    }
  });

  return (
    <Modal label={t('account.editProfile')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField
          control={control}
          name="firstName"
          label={t('account.firstName')}
          autoComplete="given-name"
          disabled={pending}
        />
        <FormField
          control={control}
          name="lastName"
          label={t('account.lastName')}
          autoComplete="family-name"
          disabled={pending}
        />
        <Field
          label={t('account.email')}
          value={user.email}
          onChange={() => {}}
          readOnly
          hint={t('account.emailReadOnly')}
        />
        <Notice text={formMessage(formState.errors)} />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
