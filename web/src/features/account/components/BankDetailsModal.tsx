import { bankSchema, check, MSG, type PublicUser } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { useSaveBank } from '../api/save-bank.ts';

interface Props {
  user: PublicUser;
  onSaved: (user: PublicUser) => void;
  onClose: () => void;
}

export function BankDetailsModal({ user, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const { mutateAsync: run, isPending: pending } = useSaveBank();
  const [form, setForm] = useState({
    accountHolderName: user.accountHolderName ?? '',
    bankAccountNumber: user.bankAccountNumber ?? '',
    bankName: user.bankName ?? '',
    ifscCode: user.ifscCode ?? '',
  });
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: key === 'ifscCode' ? value.toUpperCase() : value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(bankSchema, form);
    if (!valid.ok) {
      setNotice({ text: valid.message, tone: 'error' });
      return;
    }
    setNotice(null);
    try {
      const res = await run(valid.data);
      onSaved(res.user);
      setNotice({ text: MSG.bankSaved, tone: 'success' });
    } catch (err) {
      setNotice({ text: serverMessageOr(err, WEB_MSG.bankSaveFailed), tone: 'error' });
    }
  };

  return (
    <Modal label={t('account.bankDetails')} onClose={onClose} closable={!pending}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t('account.accountHolderName')}
          value={form.accountHolderName}
          onChange={set('accountHolderName')}
          autoComplete="name"
          disabled={pending}
        />
        <Field
          label={t('account.accountNumber')}
          value={form.bankAccountNumber}
          onChange={set('bankAccountNumber')}
          inputMode="numeric"
          autoComplete="off"
          disabled={pending}
        />
        <Field
          label={t('account.bankName')}
          value={form.bankName}
          onChange={set('bankName')}
          disabled={pending}
        />
        <Field
          label={t('account.ifscCode')}
          value={form.ifscCode}
          onChange={set('ifscCode')}
          className="field-mono"
          disabled={pending}
        />
        <Notice text={notice?.text} tone={notice?.tone} />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t('common.saving') : t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
