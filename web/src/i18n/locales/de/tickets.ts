import type { Shape } from '../../types.ts';
import type { tickets as en } from '../en/tickets.ts';

export const tickets: Shape<typeof en> = {
  tickets: {
    title: 'Anfragen',
    empty: 'Noch keine Anfragen. Eröffnen Sie eine auf der Kundenservice-Seite.',
    loadFailed: 'Anfragen konnten nicht geladen werden.',
    thread: 'Anfrageverlauf',
    threadLoadFailed: 'Die Anfrage konnte nicht geladen werden.',
    status: 'Status',
    you: 'Sie',
    support: 'Support-Team',
    reply: 'Ihre Antwort',
    send: 'Antwort senden',
    sending: 'Wird gesendet...',
    replyFailed: 'Die Antwort konnte nicht gesendet werden.',
    statuses: {
      open: 'offen',
      pending: 'wartend',
      answered: 'beantwortet',
      customer_replied: 'Kunde hat geantwortet',
      closed: 'geschlossen',
    },
    admin: {
      title: 'Support-Anfragen',
      listLabel: 'Anfrageliste',
      statusFilter: 'Status',
      all: 'Alle',
      searchPlaceholder: 'Betreff, Name, Benutzername oder E-Mail',
      empty: 'Keine Anfragen',
      select: 'Wählen Sie eine Anfrage, um ihren Verlauf zu lesen.',
      setOpen: 'Öffnen',
      setPending: 'Wartend',
      setClose: 'Schließen',
      statusFailed: 'Der Status konnte nicht geändert werden.',
    },
  },
};
