import { formatRupees, type WithdrawalDecision, withdrawalDecisionSchema } from '@app/shared';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { formMessage, useSchemaForm } from '../../../lib/forms.ts';

interface Props {
  amount: number;
  saving: boolean;
  error: string | null;
  onDecide: (decision: WithdrawalDecision) => void;
}

/**
 * Approve or reject a pending withdrawal, with the remarks both need. The amount left the
 * user's balance when they asked for it (INTEGRITY §3): approving moves no more money,
 * rejecting returns it.
 */
export function DecisionForm({ amount, saving, error, onDecide }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, setValue, formState } = useSchemaForm(withdrawalDecisionSchema, {
    status: 'approved' as WithdrawalDecision['status'],
    remarks: '',
  });
  const invalid = formMessage(formState.errors);

  const decide = (status: WithdrawalDecision['status']) => {
    if (saving) return;
    setValue('status', status);
    void handleSubmit(onDecide)();
  };
  // Enter in the form does not pick a decision for the admin.
  const submit = (event: FormEvent) => event.preventDefault();

  return (
    <form
      className="card form"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-busy={saving}
      noValidate
      data-testid="withdrawal-decision"
    >
      <h2 className="card-label" id={`${id}-title`}>
        {t('adminWallet.detail.decision')}
      </h2>
      <p className="notice notice-info">
        {t('adminWallet.detail.pendingHint', { amount: formatRupees(amount) })}
      </p>
      <div className="field">
        <label htmlFor={id}>{t('adminWallet.detail.remarks')}</label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          required
          aria-required="true"
          aria-invalid={invalid !== null}
          aria-describedby={`${id}-hint`}
          disabled={saving}
          {...register('remarks')}
        />
        <small id={`${id}-hint`} className="field-hint">
          {t('adminWallet.detail.remarksHint')}
        </small>
      </div>
      <Notice text={invalid ?? error} />
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={saving}
          onClick={() => decide('approved')}
        >
          {t('adminWallet.approve')}
        </button>
        <button type="button" className="btn btn-danger" disabled={saving} onClick={() => decide('rejected')}>
          {t('adminWallet.reject')}
        </button>
        {saving && <span className="muted small">{t('adminWallet.saving')}</span>}
      </div>
    </form>
  );
}
