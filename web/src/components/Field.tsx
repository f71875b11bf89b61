import { type InputHTMLAttributes, type Ref, useEffect, useId, useRef, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** The value was refused: the input says so to assistive technology (aria-invalid). */
  invalid?: boolean;
  /** The id of the message that says what is wrong with the value (read with the field). */
  errorId?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The ids that describe an input: its hint, then its error message. */
function describedBy(...ids: Array<string | undefined>): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

export function Field({ label, value, onChange, hint, invalid, errorId, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hintId, invalid ? errorId : undefined)}
        {...input}
      />
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, value, onChange, hint, invalid, errorId, className, ...input } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="password-wrap">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hintId, invalid ? errorId : undefined)}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('common.hide') : t('common.show')}
        </button>
      </div>
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/**
 * The field whose error the form shows: the first in the schema's order, as `formMessage`
 * (lib/forms.ts) picks it.
 */
export function shownErrorField(errors: FieldErrors): string | undefined {
  for (const [key, error] of Object.entries(errors)) {
    if (key === 'root') continue;
    if (error && typeof error.message === 'string' && error.message) return key;
  }
  return undefined;
}

interface FormFieldProps<V extends FieldValues, Out> extends Omit<FieldProps, 'value' | 'onChange' | 'name'> {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  password?: boolean;
  /** Applied to what is typed (e.g. upper-casing an IFSC code). */
  normalize?: (value: string) => string;
}

/**
 * A Field (or PasswordField) bound to a react-hook-form field. A refused value marks the input
 * invalid; the form shows one message at a time (its error Notice, role "alert"), and the
 * field that message is about is described by it and takes focus after each refused submit,
 * so a screen reader reads the field and the reason together.
 */
export function FormField<V extends FieldValues, Out = V>({
  control,
  name,
  password,
  normalize,
  ...props
}: FormFieldProps<V, Out>) {
  const { field, fieldState, formState } = useController<V, FieldPath<V>, Out>({ control, name });
  const input = useRef<HTMLInputElement | null>(null);
  const shown = fieldState.invalid && shownErrorField(formState.errors) === name.split('.')[0];
  const [messageId, setMessageId] = useState<string>();

  const submits = formState.submitCount;

  useEffect(() => {
    // The message is drawn by the form (not this field), in the same render as the error.
    const message = shown ? input.current?.form?.querySelector<HTMLElement>('.notice[role="alert"]') : null;
    setMessageId(message?.id || undefined);
    if (shown && submits > 0) input.current?.focus();
  }, [shown, submits]);

  const Input = password ? PasswordField : Field;
  return (
    <Input
      {...props}
      ref={input}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : String(field.value ?? '')}
      onChange={(value) => field.onChange(normalize ? normalize(value) : value)}
      onBlur={field.onBlur}
      invalid={fieldState.invalid}
      errorId={messageId}
    />
  );
}
