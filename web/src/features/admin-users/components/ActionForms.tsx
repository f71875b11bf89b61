import {
  type AdminUserDetail,
  adminPasswordFormSchema,
  type BalanceAdjustmentBody,
  type BalanceAdjustmentType,
  balanceAdjustmentSchema,
  banBodySchema,
  holdBodySchema,
  REPUTATION_ADJUST_DEFAULT_REASON,
  reputationAdjustSchema,
} from '@app/shared';
import { type ReactNode, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { PasswordVerdict } from '../../../components/PasswordVerdict.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { WEB_MSG } from '../../../lib/messages.ts';
import type { PasswordCheck } from '../../../lib/password-strength.ts';
import {
  useAdjustBalance,
  useBanUser,
  useSetHold,
  useSetPassword,
  useSetReputation,
} from '../api/user-actions.ts';

/** What a form tells the modal when its request succeeded: the message for the toast. */
export type Done = (message: string) => void;

interface FrameProps<V extends FieldValues, Out> {
  form: UseFormReturn<V, unknown, Out>;
  pending: boolean;
  submitLabel: string;
  /** The request; its answer's message becomes the toast. */
  send: (body: Out) => Promise<{ message: string }>;
  /** What a failure says when the server sent no message (admin-side §8). */
  failure: string;
  onDone: Done;
  onCancel?: () => void;
  children: ReactNode;
  testId: string;
  danger?: boolean;
}

/** One action's form inside the modal: its fields, the one message, submit (with the server's refusal shown) and cancel. */
function ActionFrame<V extends FieldValues, Out>({
  form,
  pending,
  submitLabel,
  send,
  failure,
  onDone,
  onCancel,
  children,
  testId,
  danger,
}: FrameProps<V, Out>) {
  const { t } = useTranslation();
  const submit = form.handleSubmit(async (body) => {
    try {
      onDone((await send(body)).message);
    } catch (err) {
      form.setError('root.server', serverError(err, failure));
    }
  });
  return (
    <form
      className="card form user-action"
      noValidate
      aria-busy={pending}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void submit();
      }}
    >
      {children}
      <Notice text={formMessage(form.formState.errors)} />
      <div className="row">
        <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={pending}>
          {pending ? t('adminUsers.detail.saving') : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onCancel}>
            {t('adminUsers.detail.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Add or Deduct Balance: amount and the remark the user sees in Financial Records. One
 * Idempotency-Key per submission: a double click or a retry after a lost answer moves the
 * money once; the next adjustment gets a fresh key.
 */
export function BalanceForm({
  user,
  type,
  onDone,
  onCancel,
}: {
  user: AdminUserDetail;
  type: BalanceAdjustmentType;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const adjust = useAdjustBalance();
  const key = useRef(newIdempotencyKey());
  const form = useSchemaForm(balanceAdjustmentSchema, { type, amount: '', remarks: '' });
  const send = async (body: BalanceAdjustmentBody) => {
    const answer = await adjust.mutateAsync({ id: user.id, body, key: key.current });
    key.current = newIdempotencyKey();
    return answer;
  };
  return (
    <ActionFrame
      form={form}
      pending={adjust.isPending}
      submitLabel={type === 'credit' ? t('adminUsers.detail.credit') : t('adminUsers.detail.debit')}
      send={send}
      failure={WEB_MSG.transactionFailed}
      onDone={onDone}
      onCancel={onCancel}
      testId={`balance-${type}`}
      danger={type === 'debit'}
    >
      <h3 className="card-label">
        {type === 'credit' ? t('adminUsers.detail.addBalance') : t('adminUsers.detail.deductBalance')}
      </h3>
      <FormField
        control={form.control}
        name="amount"
        label={t('adminUsers.detail.amount')}
        inputMode="decimal"
        autoComplete="off"
        disabled={adjust.isPending}
      />
      <FormField
        control={form.control}
        name="remarks"
        label={t('adminUsers.detail.remarks')}
        maxLength={500}
        disabled={adjust.isPending}
      />
    </ActionFrame>
  );
}

export function PasswordForm({
  user,
  onDone,
  onCancel,
}: {
  user: AdminUserDetail;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const setPassword = useSetPassword();
  // Judged with the account's own words, as the gateway judges it.
  const passwordCheck: PasswordCheck<{ newPassword: string; confirmPassword: string }> = {
    field: 'newPassword',
    owner: () => user,
  };
  const form = useSchemaForm(
    adminPasswordFormSchema,
    { newPassword: '', confirmPassword: '' },
    undefined,
    passwordCheck,
  );
  return (
    <ActionFrame
      form={form}
      pending={setPassword.isPending}
      submitLabel={t('adminUsers.detail.setPassword')}
      send={(body) => setPassword.mutateAsync({ id: user.id, body })}
      failure={WEB_MSG.passwordUpdateFailed}
      onDone={onDone}
      onCancel={onCancel}
      testId="password-form"
    >
      <h3 className="card-label">{t('adminUsers.detail.changePassword')}</h3>
      <FormField
        control={form.control}
        name="newPassword"
        password
        label={t('adminUsers.detail.newPassword')}
        autoComplete="new-password"
        disabled={setPassword.isPending}
      />
      <PasswordVerdict control={form.control} check={passwordCheck} />
      <FormField
        control={form.control}
        name="confirmPassword"
        password
        label={t('adminUsers.detail.confirmPassword')}
        autoComplete="new-password"
        disabled={setPassword.isPending}
      />
    </ActionFrame>
  );
}

export function BanForm({
  user,
  onDone,
  onCancel,
}: {
  user: AdminUserDetail;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ban = useBanUser();
  const form = useSchemaForm(banBodySchema, { reason: '' });
  return (
    <ActionFrame
      form={form}
      pending={ban.isPending}
      submitLabel={t('adminUsers.detail.confirmBan')}
      send={(body) => ban.mutateAsync({ id: user.id, body })}
      failure={WEB_MSG.banFailed}
      onDone={onDone}
      onCancel={onCancel}
      testId="ban-form"
      danger
    >
      <h3 className="card-label">{t('adminUsers.detail.ban')}</h3>
      <FormField
        control={form.control}
        name="reason"
        label={t('adminUsers.detail.reason')}
        maxLength={500}
        disabled={ban.isPending}
      />
    </ActionFrame>
  );
}

export function ReputationForm({
  user,
  onDone,
  onCancel,
}: {
  user: AdminUserDetail;
  onDone: Done;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const setReputation = useSetReputation();
  const form = useSchemaForm(
    reputationAdjustSchema,
    { setTo: String(user.reputationPoints), reason: '' },
    (values) => ({ ...values, userId: user.id }),
  );
  return (
    <ActionFrame
      form={form}
      pending={setReputation.isPending}
      submitLabel={t('adminUsers.detail.save')}
      send={({ setTo, reason }) => setReputation.mutateAsync({ id: user.id, body: { setTo, reason } })}
      failure={WEB_MSG.reputationUpdateFailed}
      onDone={onDone}
      onCancel={onCancel}
      testId="reputation-form"
    >
      <h3 className="card-label">{t('adminUsers.detail.editReputation')}</h3>
      <FormField
        control={form.control}
        name="setTo"
        label={t('adminUsers.detail.setTo')}
        inputMode="numeric"
        disabled={setReputation.isPending}
      />
      <FormField
        control={form.control}
        name="reason"
        label={t('adminUsers.detail.reason')}
        placeholder={REPUTATION_ADJUST_DEFAULT_REASON}
        maxLength={500}
        disabled={setReputation.isPending}
      />
    </ActionFrame>
  );
}

/** Funds on hold with the reason the user sees (INTEGRITY §3): PUT /admin/users/{id}/hold. */
export function HoldForm({ user, onDone }: { user: AdminUserDetail; onDone: Done }) {
  const { t } = useTranslation();
  const setHold = useSetHold();
  const form = useSchemaForm(holdBodySchema, {
    freezAmount: String(user.freezAmount),
    reason: user.freezReason ?? '',
  });
  return (
    <ActionFrame
      form={form}
      pending={setHold.isPending}
      submitLabel={t('adminUsers.detail.saveHold')}
      send={(body) => setHold.mutateAsync({ id: user.id, body })}
      failure={WEB_MSG.userUpdateFailed}
      onDone={onDone}
      testId="hold-form"
    >
      <h3 className="card-label">{t('adminUsers.detail.hold')}</h3>
      <div className="form-row">
        <FormField
          control={form.control}
          name="freezAmount"
          label={t('adminUsers.detail.holdAmount')}
          inputMode="decimal"
          disabled={setHold.isPending}
        />
        <FormField
          control={form.control}
          name="reason"
          label={t('adminUsers.detail.holdReason')}
          maxLength={500}
          disabled={setHold.isPending}
        />
      </div>
    </ActionFrame>
  );
}
