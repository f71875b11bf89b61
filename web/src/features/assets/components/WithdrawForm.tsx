import { MSG } from '@app/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { type SessionUser, useSession } from '../../../lib/session/index.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { availableOf } from '../lib/assets.ts';
import { useRequestForm } from '../lib/use-request-form.ts';
import { type BankForm, isComplete, savedBank, validateWithdrawal } from '../lib/withdraw-form.ts';
import { AmountAndSubmit, AvailableLine } from './RequestFormParts.tsx';

/**
 * A withdrawal to the bank: the fields come from the profile; when it lacks any, all four are
 * needed and saved with the request. The amount is debited at once (the balance event and the
 * answer both say so) and returned if an admin rejects the request.
 */
export function WithdrawForm({
  user,
  bankError,
  onSent,
}: {
  user: SessionUser;
  bankError: unknown;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { mutateAsync: run, isPending: pending } = useCreateWithdrawal();
  const saved = savedBank(user);
  const [bank, setBank] = useState<BankForm>(saved);
  const form = useRequestForm();
  const { changed, invalid } = form;
  const touched = useRef(false);
  const titleId = useId();
  const available = availableOf(user);

  // The saved details arrive (or change) while the user has not typed in them: show them.
  const savedKey = `${saved.accountHolderName}|${saved.bankAccountNumber}|${saved.bankName}|${saved.ifscCode}`;
  useEffect(() => {
    if (!touched.current) setBank(savedBank(useSession.getState().user ?? user));
  }, [savedKey]);

  const setField = (field: keyof BankForm) => (value: string) => {
    touched.current = true;
    changed();
    setBank((b) => ({ ...b, [field]: field === 'ifscCode' ? value.toUpperCase() : value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const valid = validateWithdrawal({ amount: form.amount, bank, saved, available });
    if (!valid.ok) {
      invalid(valid.message);
      return;
    }
    await form.send(
      (idempotencyKey) => run({ body: valid.body, idempotencyKey }),
      (answer) => {
        useSession.getState().applyBalances(answer.balances);
        // Read after the balances were applied: a state snapshot taken before would undo them.
        const current = useSession.getState().user;
        if (valid.bankSent && current) useSession.getState().setUser({ ...current, ...valid.bankSent });
        touched.current = false;
        onSent();
      },
      { sent: MSG.withdrawalSubmitted, failed: WEB_MSG.withdrawalSubmitFailed },
    );
  };

  return (
    <form className="card form wl-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="card-label">
        {t('wallet.withdraw.bankTitle')}
      </h2>
      {bankError !== null && <Notice text={serverMessageOr(bankError, WEB_MSG.bankLoadFailed)} />}
      <p className="muted small">
        {isComplete(saved) ? t('wallet.withdraw.bankSaved') : t('wallet.withdraw.bankMissing')}
      </p>
      <div className="form-row">
        <Field
          label={t('wallet.withdraw.accountHolderName')}
          value={bank.accountHolderName}
          onChange={setField('accountHolderName')}
          autoComplete="name"
          disabled={pending}
        />
        <Field
          label={t('wallet.withdraw.accountNumber')}
          value={bank.bankAccountNumber}
          onChange={setField('bankAccountNumber')}
          inputMode="numeric"
          autoComplete="off"
          disabled={pending}
        />
        <Field
          label={t('wallet.withdraw.bankName')}
          value={bank.bankName}
          onChange={setField('bankName')}
          disabled={pending}
        />
        <Field
          label={t('wallet.withdraw.ifscCode')}
          value={bank.ifscCode}
          onChange={setField('ifscCode')}
          className="field-mono"
          autoComplete="off"
          disabled={pending}
        />
      </div>
      <AvailableLine label={t('wallet.withdraw.available')} amount={available} testId="withdraw-available" />
      <AmountAndSubmit
        text={{
          amount: t('wallet.withdraw.amount'),
          placeholder: t('wallet.withdraw.amountPlaceholder'),
          note: t('wallet.withdraw.debitNote'),
          submit: t('wallet.withdraw.confirm'),
          submitting: t('wallet.withdraw.confirming'),
        }}
        form={form}
        pending={pending}
      />
    </form>
  );
}
