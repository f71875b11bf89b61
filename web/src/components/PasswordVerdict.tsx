import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { useMessage } from '../i18n/index.ts';
import { type PasswordCheck, usePasswordVerdict } from '../lib/password-strength.ts';

/**
 * Under a new-password field: the password rule's verdict as the password is typed, in the
 * gateway's words, announced politely. Blank while the password passes, and while the form's
 * own message (shown after a submit) already says the same.
 */
export function PasswordVerdict<V extends FieldValues, Out>({
  control,
  check,
}: {
  control: Control<V, unknown, Out>;
  check: PasswordCheck<V>;
}) {
  const translate = useMessage();
  const verdict = usePasswordVerdict(control, check);
  const { errors } = useFormState({ control });
  const shown = (errors as Record<string, { message?: unknown } | undefined>)[check.field]?.message;
  const text = verdict && verdict !== shown ? translate(verdict) : '';
  return (
    <p className="field-hint password-verdict" role="status" data-testid="password-verdict">
      {text}
    </p>
  );
}
