import { ticketReplySchema } from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { TicketThread } from '../../../components/TicketThread.tsx';
import { formMessage, serverError, useSchemaForm } from '../../../lib/forms.ts';
import { useMyTicket, useReplyToTicket } from '../api/tickets.ts';
import { useStatusLabel } from './status-label.ts';

/** One ticket's thread, oldest first, with a reply box that sends nothing while empty. */
export function TicketThreadModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const replyId = useId();
  const { data: ticket, error } = useMyTicket(id);
  const reply = useReplyToTicket(id);
  const form = useSchemaForm(ticketReplySchema, { message: '' });
  const typed = form.watch('message');
  const message = formMessage(form.formState.errors);

  const submit = form.handleSubmit(async (body) => {
    try {
      await reply.mutateAsync(body);
      form.reset({ message: '' });
    } catch (err) {
      form.setError('root.server', serverError(err, t('tickets.replyFailed')));
    }
  });

  return (
    <Modal
      label={t('tickets.thread')}
      title={ticket ? ticket.subject : t('tickets.thread')}
      onClose={onClose}
      closable={!reply.isPending}
      size="md"
    >
      <Notice text={error ? t('tickets.threadLoadFailed') : null} />
      {ticket ? (
        <>
          <p className="muted small">
            {t('tickets.status')}: <strong data-testid="ticket-status">{statusLabel(ticket.status)}</strong>
          </p>
          <TicketThread
            testId="ticket-thread"
            messages={ticket.messages}
            authorOf={(m) => (m.senderRole === 'admin' ? t('tickets.support') : t('tickets.you'))}
          />
          <form className="form" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={replyId}>{t('tickets.reply')}</label>
              <textarea id={replyId} rows={3} {...form.register('message')} disabled={reply.isPending} />
            </div>
            <Notice text={message} />
            <button
              type="submit"
              className="btn btn-primary"
              disabled={reply.isPending || typed.trim() === ''}
            >
              {reply.isPending ? t('tickets.sending') : t('tickets.send')}
            </button>
          </form>
        </>
      ) : (
        !error && <p className="muted">{t('common.loading')}</p>
      )}
    </Modal>
  );
}
