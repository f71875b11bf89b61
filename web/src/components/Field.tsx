import { type InputHTMLAttributes, useId, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

export function Field({ label, value, onChange, hint, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
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
  const { label, value, onChange, hint, className, ...input } = props;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="password-wrap">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
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
      {hint && <small className="field-hint">{hint}</small>}
    </div>
  );
}

interface FormFieldProps<V extends FieldValues, Out> extends Omit<FieldProps, 'value' | 'onChange' | 'name'> {
  control: Control<V, unknown, Out>;
  name: FieldPath<V>;
  password?: boolean;
  /** Applied to what is typed (e.g. upper-casing an IFSC code). */
  normalize?: (value: string) => string;
}

/** A Field (or PasswordField) bound to a react-hook-form field. */
export function FormField<V extends FieldValues, Out = V>({
  control,
  name,
  password,
  normalize,
  ...props
}: FormFieldProps<V, Out>) {
  const { field } = useController<V, FieldPath<V>, Out>({ control, name });
  const Input = password ? PasswordField : Field;
  return (
    <Input
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : String(field.value ?? '')}
      onChange={(value) => field.onChange(normalize ? normalize(value) : value)}
      onBlur={field.onBlur}
    />
  );
}
