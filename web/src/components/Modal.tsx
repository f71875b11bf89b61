import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  /** The dialog's accessible name. */
  label: string;
  onClose: () => void;
  /** False while a request is in flight: Escape, the backdrop and × do nothing. */
  closable?: boolean;
  title?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md';
}

/** Open dialogs: the app behind them stays inert until the last one closes. */
let openDialogs = 0;

export function Modal({ label, onClose, closable = true, title, children, size = 'sm' }: ModalProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const closableRef = useRef(closable);
  closableRef.current = closable;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && closableRef.current) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    const previous = document.activeElement as HTMLElement | null;
    // The page behind is out of reach while the dialog is open: not focusable, not read, not
    // clicked (aria-modal alone is not honoured by every screen reader). Dialogs and the toast
    // are drawn outside the app's root, so they stay in reach.
    const app = document.getElementById('root');
    openDialogs++;
    app?.setAttribute('inert', '');
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([readonly]), select, textarea, button',
    );
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs--;
      if (openDialogs === 0) app?.removeAttribute('inert');
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a pointer shortcut; Escape closes it from the keyboard
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && closable) onClose();
      }}
    >
      <div ref={panel} className={`modal modal-${size}`} role="dialog" aria-modal="true" aria-label={label}>
        <div className="modal-head">
          <h2 className="modal-title">{title ?? label}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            disabled={!closable}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
