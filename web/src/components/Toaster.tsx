import { TIMINGS } from '@app/shared';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/index.ts';
import { useToast } from '../lib/toast.ts';

/**
 * The toast (lib/toast.ts), gone after 3 seconds or at its close button. Drawn outside the
 * app's root so an open dialog, which makes the root inert, leaves it in reach. The live region
 * is always present, so a toast is announced when its text appears; it holds the text only,
 * and the close button sits beside it.
 */
export function Toaster() {
  const { t } = useTranslation();
  const translate = useMessage();
  const toast = useToast((s) => s.toast);
  const dismiss = useToast((s) => s.dismiss);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismiss, TIMINGS.toastMs);
    return () => window.clearTimeout(timer);
  }, [toast, dismiss]);

  return createPortal(
    <div className={toast ? 'toast-region toast' : 'toast-region'}>
      <p className="toast-text" role="status" aria-live="polite" data-testid={toast ? 'toast' : undefined}>
        {toast && translate(toast.text)}
      </p>
      {toast && (
        <button
          type="button"
          className="icon-button toast-close"
          aria-label={t('common.close')}
          onClick={dismiss}
        >
          ×
        </button>
      )}
    </div>,
    document.body,
  );
}
