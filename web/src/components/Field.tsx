import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
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
