import { bankSchema, MSG, type PublicUser } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveBank } from '../api/save-bank.ts';

const upper = (value: string) => value.toUpperCase();

interface Props {
  user: PublicUser;
  onSaved: (user: PublicUser) => void;
  onClose: () => void;
}

export function BankDetailsModal({ user, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const { mutateAsync: save, isPending: pending } = useSaveBank();
  const { control, handleSubmit, setError, formState } = useSchemaForm(bankSchema, {
    accountHolderName: user.accountHolderName ?? '',
    bankAccountNumber: user.bankAccountNumber ?? '',
    bankName: user.bankName ?? '',
    ifscCode: user.ifscCode ?? '',
  });
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save(body);
      onSaved(res.user);
      showToast(MSG.bankSaved);
    } catch (err) {
      setError('root.server', serverError(err, WEB_MSG.bankSaveFailed));
    }
  });
  const error = formMessage(formState.errors);

  return (
    <Modal label={t('account.bankDetails')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField
          control={control}
          name="accountHolderName"
          label={t('account.accountHolderName')}
          autoComplete="name"
          disabled={pending}
        />
        <FormField
          control={control}
          name="bankAccountNumber"
          label={t('account.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          disabled={pending}
        />
        <FormField control={control} name="bankName" label={t('account.bankName')} disabled={pending} />
        <FormField
          control={control}
          name="ifscCode"
          normalize={upper}
          label={t('account.ifscCode')}
          className="field-mono"
          disabled={pending}
        />
        <Notice text={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
