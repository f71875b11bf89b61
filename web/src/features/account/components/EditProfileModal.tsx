import { check, type PublicUser, profileSchema } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

interface Props {
  user: PublicUser;
  onSaved: (user: PublicUser, message: string) => void;
  onClose: () => void;
}

export function EditProfileModal({ user, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const { mutateAsync: run, isPending: pending } = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(profileSchema, { firstName, lastName });
    if (!valid.ok) {
      setError(valid.message);
      return;
    }
    setError(null);
    try {
      const res = await run(valid.data);
      onSaved(res.user, res.message);
    } catch (err) {
      setError(serverMessageOr(err, WEB_MSG.profileFailed));
    }
  };

  return (
    <Modal label={t('account.editProfile')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t('account.firstName')}
          value={firstName}
          onChange={setFirstName}
          autoComplete="given-name"
          disabled={pending}
        />
        <Field
          label={t('account.lastName')}
          value={lastName}
          onChange={setLastName}
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
        <Notice text={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
