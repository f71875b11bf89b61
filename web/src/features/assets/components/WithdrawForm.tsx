import { MSG } from '@app/shared';
import { useEffect, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { serverMessageOr } from '../../../lib/api.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import { type SessionUser, useSession } from '../../../lib/session/index.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { availableOf } from '../lib/assets.ts';
import { useRequestForm } from '../lib/use-request-form.ts';
import { isComplete, savedBank, validateWithdrawal } from '../lib/withdraw-form.ts';
import { AmountAndSubmit, AvailableLine } from './RequestFormParts.tsx';

const upper = (value: string) => value.toUpperCase();

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
  const { mutateAsync: create, isPending: pending } = useCreateWithdrawal();
  const saved = savedBank(user);
  const available = availableOf(user);
  const { form, error, setQuietly, submitWith } = useRequestForm({ amount: '', ...saved }, (values) => {
    const { amount, ...bank } = values;
    const valid = validateWithdrawal({ amount, bank, saved, available });
    return valid.ok ? { ok: true, data: { body: valid.body, bankSent: valid.bankSent } } : valid;
  });
  const amount = useController({ control: form.control, name: 'amount' });
  const titleId = useId();

  // The saved details arrive (or change) while the user has not typed in them: show them.
  const touched = useRef(false);
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name && name !== 'amount') touched.current = true;
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const savedKey = `${saved.accountHolderName}|${saved.bankAccountNumber}|${saved.bankName}|${saved.ifscCode}`;
  useEffect(() => {
    if (!touched.current) setQuietly(savedBank(useSession.getState().user ?? user));
  }, [savedKey]);

  const submit = submitWith(
    ({ body, bankSent }, idempotencyKey) =>
      create({ body, idempotencyKey }).then((answer) => ({ answer, bankSent })),
    ({ answer, bankSent }) => {
      useSession.getState().applyBalances(answer.balances);
      // Read after the balances were applied: a state snapshot taken before would undo them.
      const current = useSession.getState().user;
      if (bankSent && current) useSession.getState().setUser({ ...current, ...bankSent });
      touched.current = false;
      onSent();
    },
    { sent: MSG.withdrawalSubmitted, failed: WEB_MSG.withdrawalSubmitFailed },
  );

  return (
    <form
      className="card form wl-form"
      onSubmit={(event) => (pending ? event.preventDefault() : submit(event))}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="card-label">
        {t('wallet.withdraw.bankTitle')}
      </h2>
      {bankError !== null && <Notice text={serverMessageOr(bankError, WEB_MSG.bankLoadFailed)} />}
      <p className="muted small">
        {isComplete(saved) ? t('wallet.withdraw.bankSaved') : t('wallet.withdraw.bankMissing')}
      </p>
      <div className="form-row">
        <FormField
          control={form.control}
          name="accountHolderName"
          label={t('wallet.withdraw.accountHolderName')}
          autoComplete="name"
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="bankAccountNumber"
          label={t('wallet.withdraw.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="bankName"
          label={t('wallet.withdraw.bankName')}
          disabled={pending}
        />
        <FormField
          control={form.control}
          name="ifscCode"
          normalize={upper}
          label={t('wallet.withdraw.ifscCode')}
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
        amount={{ value: amount.field.value, onChange: amount.field.onChange }}
        error={error}
        pending={pending}
      />
    </form>
  );
}
