import type { Shape } from '../../types.ts';
import type { tickets as en } from '../en/tickets.ts';

export const tickets: Shape<typeof en> = {
  tickets: {
    title: 'Mes tickets',
    empty: 'Aucun ticket pour l’instant. Ouvrez-en un depuis la page Service client.',
    loadFailed: 'Échec du chargement des tickets.',
    thread: 'Fil du ticket',
    threadLoadFailed: 'Échec du chargement du ticket.',
    status: 'Statut',
    you: 'Vous',
    support: 'Équipe d’assistance',
    reply: 'Votre réponse',
    send: 'Envoyer la réponse',
    sending: 'Envoi...',
    replyFailed: 'Impossible d’envoyer la réponse.',
    statuses: {
      open: 'ouvert',
      pending: 'en attente',
      answered: 'répondu',
      customer_replied: 'réponse du client',
      closed: 'fermé',
    },
    admin: {
      title: 'Tickets d’assistance',
      listLabel: 'Liste des tickets',
      statusFilter: 'Statut',
      all: 'Tous',
      searchPlaceholder: 'Sujet, nom, identifiant ou e-mail',
      empty: 'Aucun ticket',
      select: 'Sélectionnez un ticket pour lire son fil.',
      setOpen: 'Ouvrir',
      setPending: 'En attente',
      setClose: 'Fermer',
      statusFailed: 'Impossible de changer le statut.',
    },
  },
};
