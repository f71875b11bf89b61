import { useId } from 'react';
import { useMessage } from '../i18n/index.ts';

interface NoticeProps {
  /** A spec message in English (translated here) or already translated text. */
  text: string | null | undefined;
  tone?: 'error' | 'success' | 'info';
}

/**
 * One form message at a time: errors are announced at once, successes politely. A success that
 * needs no place on the page is a toast instead (lib/toast.ts); a success stays here when it is
 * what the page is left showing (a sent reset link, a verified email, a dialog's own outcome).
 */
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
