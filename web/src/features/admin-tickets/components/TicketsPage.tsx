import {
  type AdminTicketStatus,
  TICKET_STATUSES,
  TIMINGS,
  type TicketStatus,
  ticketReplySchema,
} from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice.tsx';
import { Page } from '../../../components/Page.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { TicketThread } from '../../../components/TicketThread.tsx';
import { requesterName } from '../../../lib/admin-lists.ts';
import { serverMessageOr } from '../../../lib/api.ts';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import {
  type TicketFilter,
  useAdminReply,
  useAdminTicket,
  useAdminTickets,
  useLiveAdminTickets,
  useSetTicketStatus,
} from '../api/admin-tickets.ts';
import '../admin-tickets.css';

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const STATUS_BUTTONS: Array<{ status: AdminTicketStatus; key: string }> = [
  { status: 'open', key: 'setOpen' },
  { status: 'pending', key: 'setPending' },
  { status: 'closed', key: 'setClose' },
];

/**
 * Support tickets, two panes: the list (status filter, search debounced 180 ms) and the
 * selected thread with Open, Pending, Close and a reply composer. New tickets, replies and
 * status changes arrive live through the socket into the query cache.
 */
export function TicketsPage() {
  const { t, i18n } = useTranslation();
  const statusId = useId();
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), TIMINGS.ticketSearchDebounceMs);
  const filter: TicketFilter = { status, search };
  const list = useAdminTickets(filter);
  const [selected, setSelected] = useState<string | null>(null);
  useLiveAdminTickets();
  const items = list.data?.items ?? [];
  const statusLabel = (s: TicketStatus) => t(`tickets.statuses.${s}`);

  return (
    <Page title={t('tickets.admin.title')} className="admin-tickets">
      <div className="tickets-panes">
        <aside className="tickets-list-pane card" aria-label={t('tickets.admin.listLabel')}>
          <div className="tickets-filters">
            <div className="field">
              <label htmlFor={statusId}>{t('tickets.admin.statusFilter')}</label>
              <select
                id={statusId}
                value={status}
                onChange={(e) => setStatus(e.target.value as TicketStatus | 'all')}
              >
                <option value="all">{t('tickets.admin.all')}</option>
                {TICKET_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </div>
            <SearchField
              value={typed}
              onChange={setTyped}
              placeholder={t('tickets.admin.searchPlaceholder')}
              inline={false}
            />
          </div>
          <Notice text={list.error ? serverMessageOr(list.error, t('tickets.loadFailed')) : null} />
          {list.isPending ? (
            <p className="muted">{t('common.loading')}</p>
          ) : items.length === 0 ? (
            <p className="muted">{t('tickets.admin.empty')}</p>
          ) : (
            <ul className="ticket-list" data-testid="admin-tickets">
              {items.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    className={`ticket-row ${ticket.id === selected ? 'is-selected' : ''}`}
                    aria-current={ticket.id === selected ? 'true' : undefined}
                    onClick={() => setSelected(ticket.id)}
                  >
                    <span className="ticket-subject">{ticket.subject}</span>
                    <span className={`ticket-status ticket-status-${ticket.status}`}>
                      {statusLabel(ticket.status)}
                    </span>
                    <span className="muted small">
                      {requesterName(ticket.user)} · {ticket.user.email}
                    </span>
                    <span className="muted small">
                      {new Date(ticket.lastMessageAt).toLocaleString(i18n.language)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
        <section className="tickets-thread-pane card" aria-label={t('tickets.thread')}>
          {selected ? (
            <ThreadPane key={selected} id={selected} />
          ) : (
            <p className="muted">{t('tickets.admin.select')}</p>
          )}
        </section>
      </div>
    </Page>
  );
}

function ThreadPane({ id }: { id: string }) {
  const { t } = useTranslation();
  const composerId = useId();
  const { data: ticket, error } = useAdminTicket(id);
  const setStatus = useSetTicketStatus(id);
  const reply = useAdminReply(id);
  const form = useSchemaForm(ticketReplySchema, { message: '' });
  const typed = form.watch('message');
  const message = formMessage(form.formState.errors);
  const busy = setStatus.isPending || reply.isPending;

  const submit = form.handleSubmit(async (body) => {
    try {
      await reply.mutateAsync(body);
      form.reset({ message: '' });
    } catch (err) {
      form.setError('root.server', serverError(err, t('tickets.replyFailed')));
    }
  });

  if (error) return <Notice text={serverMessageOr(error, t('tickets.threadLoadFailed'))} />;
  if (!ticket) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="ticket-thread-view">
      <header className="ticket-thread-head">
        <div>
          <h2>{ticket.subject}</h2>
          <p className="muted small">
            {requesterName(ticket.user)} · {ticket.user.username} · {ticket.user.email}
          </p>
          <p className="small">
            {t('tickets.status')}:{' '}
            <strong data-testid="admin-ticket-status">{t(`tickets.statuses.${ticket.status}`)}</strong>
          </p>
        </div>
        <div className="ticket-status-buttons">
          {STATUS_BUTTONS.map(({ status, key }) => (
            <button
              key={status}
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy || ticket.status === status}
              onClick={() => setStatus.mutate(status)}
            >
              {t(`tickets.admin.${key}`)}
            </button>
          ))}
        </div>
      </header>
      <Notice
        text={setStatus.isError ? serverMessageOr(setStatus.error, t('tickets.admin.statusFailed')) : null}
      />
      <TicketThread
        testId="admin-ticket-thread"
        messages={ticket.messages}
        authorOf={(m) => (m.senderRole === 'admin' ? t('tickets.support') : requesterName(ticket.user))}
      />
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={composerId}>{t('tickets.reply')}</label>
          <textarea id={composerId} rows={4} {...form.register('message')} disabled={reply.isPending} />
        </div>
        <Notice text={message} />
        <button type="submit" className="btn btn-primary" disabled={busy || typed.trim() === ''}>
          {reply.isPending ? t('tickets.sending') : t('tickets.send')}
        </button>
      </form>
    </div>
  );
}
