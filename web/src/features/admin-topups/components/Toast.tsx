import { useEffect } from 'react';
import { useMessage } from '../../../i18n/index.ts';

export const TOAST_MS = 3000;

/**
 * A success message for 3 seconds. The live region is always present so the text is announced
 * when it appears; `id` restarts the timer for a repeated message.
 */
export function Toast({ toast, onDone }: { toast: { id: number; text: string } | null; onDone: () => void }) {
  const translate = useMessage();
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast?.id]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <p className="toast" data-testid="toast">
          {translate(toast.text)}
        </p>
      )}
    </div>
  );
}
