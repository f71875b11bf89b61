import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Where the trade page's ticket column starts (the skip link's target). */
export const TICKET_ID = 'trade-ticket';

/** The ticket's first control a trader uses: the amount, else the first button that works. */
export function focusTicket(doc: Document = document): boolean {
  const ticket = doc.getElementById(TICKET_ID);
  if (!ticket) return false;
  const target =
    ticket.querySelector<HTMLElement>('input:not(:disabled)') ??
    ticket.querySelector<HTMLElement>('button:not(:disabled)') ??
    ticket;
  target.focus();
  return true;
}

/**
 * "Trade": the first Tab stop of the trade page, before the header and the app's own skip
 * link, so the ticket is a Tab and an Enter away (then Trade Up is one more Tab). It lives in a
 * node of its own ahead of the app's root, added while the page is shown, so it comes first
 * without the layouts knowing about this page.
 */
export function TradeSkipLink() {
  const { t } = useTranslation();
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const node = document.createElement('div');
    node.className = 'trade-skip';
    document.body.prepend(node);
    setHost(node);
    return () => {
      node.remove();
    };
  }, []);

  if (!host) return null;
  return createPortal(
    <a
      className="skip-link"
      href={`#${TICKET_ID}`}
      data-testid="skip-to-ticket"
      onClick={(event) => {
        if (focusTicket()) event.preventDefault();
      }}
    >
      {t('trade.skipToTicket')}
    </a>,
    host,
  );
}
