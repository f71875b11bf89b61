import type { Shape } from '../../types.ts';
import type { adminBroadcast as en } from '../en/admin-broadcast.ts';

export const adminBroadcast: Shape<typeof en> = {
  adminBroadcast: {
    templatesLabel: 'Schnellvorlagen',
    templates: {
      withdrawalApproved: {
        label: 'Auszahlung genehmigt',
        title: 'Auszahlung genehmigt',
        body: 'Ihre Auszahlungsanfrage wurde genehmigt. Der Betrag ist auf dem Weg zu Ihrem Bankkonto.',
      },
      withdrawalRejected: {
        label: 'Auszahlung abgelehnt',
        title: 'Auszahlung abgelehnt',
        body: 'Ihre Auszahlungsanfrage wurde abgelehnt. Der Betrag ist wieder in Ihrem Guthaben.',
      },
      creditAdded: { label: 'Gutschrift erfolgt' },
      ticketReply: {
        label: 'Ticket-Antwort',
        title: 'Neue Antwort auf Ihr Ticket',
        body: 'Unser Support-Team hat auf Ihr Ticket geantwortet.',
      },
    },
    creditNeedsUser:
      'Eine Gutschrift wird durch ihre Guthabenbuchung angekündigt: Wählen Sie Ein Benutzer, geben Sie ihn ein, und diese Vorlage öffnet seinen Dialog Guthaben hinzufügen.',
    audience: 'Empfänger',
    audiences: {
      user: 'Ein Benutzer',
      userIds: 'Benutzer-IDs',
      emails: 'E-Mail-Adressen',
      role: 'Alle mit einer Rolle',
      all: 'Alle Benutzer',
    },
    user: 'Benutzername, E-Mail oder Benutzer-ID',
    userIds: 'Benutzer-IDs (getrennt durch Leerzeichen, Kommas, Semikolons oder Zeilenumbrüche)',
    emails: 'E-Mail-Adressen (getrennt durch Leerzeichen, Kommas, Semikolons oder Zeilenumbrüche)',
    listHint: '{{count}} Empfänger',
    role: 'Rolle',
    chooseRole: 'Rolle wählen',
    type: 'Typ',
    types: {
      system: 'Systemmeldung',
      withdrawal: 'Auszahlung',
      credit: 'Gutschrift',
      ticket_reply: 'Ticket-Antwort',
    },
    title: 'Titel',
    body: 'Nachricht',
    data: 'Daten (JSON)',
    dataHint: 'Optionales JSON-Objekt; leer bedeutet {}.',
    preview: 'Vorschau',
    previewTitle: '(noch kein Titel)',
    progress: 'Wird gesendet: {{processed}} von {{recipients}} Benutzer(n) erledigt',
    sent: 'An {{recipients}} Benutzer gesendet. {{created}} Benachrichtigung(en) erstellt.',
    send: 'Senden',
    sending: 'Wird gesendet...',
  },
};
