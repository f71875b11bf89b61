import { DEFAULT_TOPUP_REJECT_REMARKS, rejectTopupSchema } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';

interface Props {
  user: string;
  amount: string;
  saving: boolean;
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}

/** The reason for a rejection, 'Rejected' unless the admin writes another; the user sees it. */
export function RejectDialog({ user, amount, saving, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, formState } = useSchemaForm(rejectTopupSchema, {
    remarks: DEFAULT_TOPUP_REJECT_REMARKS as string,
  });
  const submit = handleSubmit(({ remarks }) => {
    if (!saving) onConfirm(remarks);
  });
  return (
    <Modal label={t('adminWallet.topups.rejectTitle')} onClose={onClose} closable={!saving}>
      <form className="form" onSubmit={submit} aria-busy={saving}>
        <p className="muted">{t('adminWallet.topups.rejectIntro', { amount, user })}</p>
        <div className="field">
          <label htmlFor={id}>{t('adminWallet.topups.reason')}</label>
          <textarea
            id={id}
            rows={3}
            maxLength={500}
            {...register('remarks')}
            aria-describedby={`${id}-hint`}
            disabled={saving}
          />
          <small id={`${id}-hint`} className="field-hint">
            {t('adminWallet.topups.reasonHint')}
          </small>
        </div>
        <Notice text={formMessage(formState.errors) ?? error} />
        <div className="row">
          <button type="submit" className="btn btn-danger" disabled={saving}>
            {t('adminWallet.reject')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={saving} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
