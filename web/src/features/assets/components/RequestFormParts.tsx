import { formatRupees } from '@app/shared';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';

/** "Available …: ₹x" above a request form's amount. */
export function AvailableLine({ label, amount, testId }: { label: string; amount: number; testId: string }) {
  return (
    <p className="wl-available">
      <span className="muted">{label}</span> <strong data-testid={testId}>{formatRupees(amount)}</strong>
    </p>
  );
}

/** The end of a request form: the INR amount, a note on what happens next, the error and the button. */
export function AmountAndSubmit({
  amount,
  error,
  pending,
  text,
}: {
  /** The amount field of the form. */
  amount: { value: string; onChange: (value: string) => void };
  /** Why the request was not sent (its success is a toast). */
  error: string | null;
  pending: boolean;
  text: { amount: string; placeholder: string; note: string; submit: string; submitting: string };
}) {
  return (
    <>
      <Field
        label={text.amount}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        placeholder={text.placeholder}
        value={amount.value}
        disabled={pending}
        onChange={amount.onChange}
      />
      <p className="muted small">{text.note}</p>
      <Notice text={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? text.submitting : text.submit}
      </button>
    </>
  );
}
