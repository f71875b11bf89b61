import { type FormEvent, useEffect, useRef } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { formMessage, serverError } from '../../../lib/forms.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { showToast } from '../../../lib/toast.ts';

type Checked<Out> = { ok: true; data: Out } | { ok: false; message: string };

/**
 * What the top-up and withdrawal forms share: a react-hook-form form (its fields and message)
 * checked by `check` (the spec's rules over the `@app/shared` schemas), the error under the form, the
 * toast when a request is sent, and one
 * Idempotency-Key per submission, kept for a retry of the same form and renewed when the form
 * changes or the request succeeds.
 */
export function useRequestForm<V extends FieldValues & { amount: string }, Out>(
  defaultValues: V,
  check: (values: V) => Checked<Out>,
) {
  // The check runs in the submit handler itself (see `submitWith`), not through a resolver.
  const form = useForm<V, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<V>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const key = useRef<string | null>(null);
  // Values the form sets itself (saved details arriving, a cleared amount) are not a change.
  const quiet = useRef(false);

  // A field changed: the next submission is a new request, and the error goes.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (quiet.current) return;
      key.current = null;
      form.clearErrors();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** Sets values without counting them as the user's change. */
  const setQuietly = (values: Partial<V>) => {
    quiet.current = true;
    for (const [name, value] of Object.entries(values)) form.setValue(name as never, value as never);
    quiet.current = false;
  };

  /** A problem found as the user acts (a voucher that is no image): shown at once. */
  const invalid = (text: string) => form.setError('amount' as never, { type: 'validate', message: text });

  /**
   * The submit handler: checks at once (the message shows in the same event, and the request
   * starts in it, so the button says it is sending) and sends with the form's key. On success
   * the amount is cleared, `done` takes the answer and `sent` shows as a toast; on failure the
   * server's message, else `failed`, under the form.
   */
  const submitWith =
    <R>(
      request: (data: Out, idempotencyKey: string) => Promise<R>,
      done: (answer: R) => void,
      texts: { sent: string; failed: string },
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      form.clearErrors();
      const valid = check(form.getValues());
      if (!valid.ok) {
        invalid(valid.message);
        return;
      }
      key.current ??= newIdempotencyKey();
      request(valid.data, key.current).then(
        (answer) => {
          key.current = null;
          setQuietly({ amount: '' } as Partial<V>);
          done(answer);
          showToast(texts.sent);
        },
        (error: unknown) => form.setError('root.server', serverError(error, texts.failed)),
      );
    };

  const error = formMessage(form.formState.errors);
  return { form, error, invalid, setQuietly, submitWith };
}

export type RequestForm = ReturnType<typeof useRequestForm<{ amount: string }, unknown>>;
