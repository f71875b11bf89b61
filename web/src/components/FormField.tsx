import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Field, type FieldProps, PasswordField, shownErrorField } from './Field.tsx';

// Apart from Field.tsx, so a page with a plain Field (the trade ticket) does not carry
// react-hook-form: only the forms' own chunks do.

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
