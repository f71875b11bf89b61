import type { TicketMessage } from '@app/shared';
import { useTranslation } from 'react-i18next';
import './ticket-thread.css';

interface TicketThreadProps {
  messages: TicketMessage[];
  /** Who wrote a message, as the reader calls them ("You", the user's name, "Support team"). */
  authorOf: (message: TicketMessage) => string;
  testId?: string;
}

/** A support ticket's messages, oldest first: the user's thread modal and the admin's pane. */
export function TicketThread({ messages, authorOf, testId }: TicketThreadProps) {
  const { i18n } = useTranslation();
  return (
    <ol className="ticket-thread" data-testid={testId}>
      {messages.map((m) => (
        <li key={m.id} className={`ticket-message ticket-message-${m.senderRole}`}>
          <span className="ticket-message-head">
            <strong>{authorOf(m)}</strong>{' '}
            <span className="muted small">{new Date(m.createdAt).toLocaleString(i18n.language)}</span>
          </span>
          <p className="ticket-message-body">{m.message}</p>
        </li>
      ))}
    </ol>
  );
}
