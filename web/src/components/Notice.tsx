import { useId } from 'react';
import { useMessage } from '../i18n/index.ts';

interface NoticeProps {
  /** A spec message in English (translated here) or already translated text. */
  text: string | null | undefined;
  tone?: 'error' | 'success' | 'info';
}

/** One form message at a time: errors are announced at once, successes politely. */
export function Notice({ text, tone = 'error' }: NoticeProps) {
  const translate = useMessage();
  // A form's fields point at its error message by this id (FormField's aria-describedby).
  const id = useId();
  if (!text) return null;
  return (
    <p id={id} className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {translate(text)}
    </p>
  );
}
