import { TICKETS_DASHBOARD_PAGE_SIZE } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useLiveMyTickets, useMyTickets } from '../api/tickets.ts';
import { useStatusLabel } from './status-label.ts';
import { TicketThreadModal } from './TicketThreadModal.tsx';

/**
 * The dashboard's Tickets list: 5 a page, latest activity first; a click opens the thread with
 * a reply box. Replies from support arrive live (`ticket:message`).
 */
export function AccountTickets() {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isPending } = useMyTickets(page, TICKETS_DASHBOARD_PAGE_SIZE);
  useLiveMyTickets();
  const items = data?.items ?? [];
  const pages = data?.pagination.pages ?? 1;

  return (
    <section className="section" aria-labelledby="dash-tickets-title">
      <header className="section-head">
        <h2 id="dash-tickets-title">{t('tickets.title')}</h2>
      </header>
      <Notice text={error ? t('tickets.loadFailed') : null} />
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <EmptyState>
          <p>{t('tickets.empty')}</p>
        </EmptyState>
      ) : (
        <ul className="ticket-list" data-testid="my-tickets">
          {items.map((ticket) => (
            <li key={ticket.id}>
              <button type="button" className="ticket-row" onClick={() => setOpenId(ticket.id)}>
                <span className="ticket-subject">{ticket.subject}</span>
                <span className={`ticket-status ticket-status-${ticket.status}`}>
                  {statusLabel(ticket.status)}
                </span>
                <span className="muted small">
                  {new Date(ticket.lastMessageAt).toLocaleString(i18n.language)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('common.pagination')}>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('common.prev')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('common.next')}
          </button>
        </nav>
      )}
      {openId && <TicketThreadModal id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
