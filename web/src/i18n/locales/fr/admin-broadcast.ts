import type { Shape } from '../../types.ts';
import type { adminBroadcast as en } from '../en/admin-broadcast.ts';

export const adminBroadcast: Shape<typeof en> = {
  adminBroadcast: {
    templatesLabel: 'Modèles rapides',
    templates: {
      withdrawalApproved: {
        label: 'Retrait approuvé',
        title: 'Retrait approuvé',
        body: 'Votre demande de retrait a été approuvée. Le montant est en route vers votre compte bancaire.',
      },
      withdrawalRejected: {
        label: 'Retrait refusé',
        title: 'Retrait refusé',
        body: 'Votre demande de retrait a été refusée. Le montant est de retour sur votre solde.',
      },
      creditAdded: { label: 'Crédit ajouté' },
      ticketReply: {
        label: 'Réponse au ticket',
        title: 'Nouvelle réponse à votre ticket',
        body: 'Notre équipe d’assistance a répondu à votre ticket.',
      },
    },
    creditNeedsUser:
      'Un crédit est annoncé par son ajustement de solde : choisissez Un utilisateur, saisissez-le, et ce modèle ouvre sa fenêtre Ajouter du solde.',
    audience: 'Destinataires',
    audiences: {
      user: 'Un utilisateur',
      userIds: 'Identifiants d’utilisateurs',
      emails: 'Adresses e-mail',
      role: 'Tous ceux d’un rôle',
      all: 'Tous les utilisateurs',
    },
    user: 'Nom d’utilisateur, e-mail ou identifiant',
    userIds: 'Identifiants (séparés par espaces, virgules, points-virgules ou retours à la ligne)',
    emails: 'Adresses e-mail (séparées par espaces, virgules, points-virgules ou retours à la ligne)',
    listHint: '{{count}} destinataire(s)',
    role: 'Rôle',
    chooseRole: 'Choisissez un rôle',
    type: 'Type de notification',
    types: { system: 'Système', withdrawal: 'Retrait', credit: 'Crédit', ticket_reply: 'Réponse au ticket' },
    title: 'Titre',
    body: 'Texte',
    data: 'Données (JSON)',
    dataHint: 'Objet JSON facultatif ; vide signifie {}.',
    preview: 'Aperçu',
    previewTitle: '(pas encore de titre)',
    progress: 'Envoi : {{processed}} sur {{recipients}} utilisateur(s) traités',
    sent: 'Envoyé à {{recipients}} utilisateur(s). {{created}} notification(s) créée(s).',
    send: 'Envoyer',
    sending: 'Envoi...',
  },
};
