import type { Shape } from '../../types.ts';
import type { rules as en } from '../en/rules.ts';

export const rules: Shape<typeof en> = {
  rules: {
    title: 'Règles de règlement',
    linkLabel: 'Comment les trades sont réglés',
    receiptLink: 'Comment ce résultat a été décidé et comment le vérifier',
    intro:
      'Chaque trade à durée est réglé selon les mêmes règles, à partir des prix de marché enregistrés et de rien d’autre. Personne, pas même notre équipe, ne peut fixer un prix ou choisir un résultat.',
    contents: 'Sommaire',
    outcomeTitle: 'Comment le résultat est décidé',
    outcomeEntry:
      'Lorsque vous passez un trade, son prix d’entrée est le dernier prix enregistré depuis le flux de marché. Un trade n’est ouvert que sur un prix récent : si le dernier date de plus de {{seconds}} secondes, le trade est refusé et rien n’est débité.',
    outcomeExpiry:
      'Le trade expire une fois sa durée écoulée, à la fin de cette seconde. Son prix de sortie est le dernier prix enregistré au moment de l’expiration ou avant, et le résultat le compare au prix d’entrée :',
    outcomeUp: 'Hausse gagne si le prix de sortie est supérieur au prix d’entrée.',
    outcomeDown: 'Baisse gagne si le prix de sortie est inférieur au prix d’entrée.',
    outcomeDraw: 'Un prix inchangé est une égalité : votre mise vous est intégralement rendue.',
    outcomeFinal:
      'Un trade réglé est définitif. Un administrateur peut seulement annuler un trade en cours, avec un motif que vous voyez, et votre mise est remboursée.',
    stalenessTitle: 'Quand aucun prix récent n’existe',
    stalenessText:
      'Un résultat n’est jamais deviné. Le trade est annulé et votre mise remboursée lorsque, à l’expiration, le dernier prix enregistré a plus de {{seconds}} secondes de retard sur l’expiration, ou qu’il n’y en a aucun :',
    stalenessNone: 'aucun prix n’a été enregistré avant l’expiration ;',
    stalenessOld:
      'le dernier prix avant l’expiration a plus de {{seconds}} secondes de retard sur l’expiration ;',
    stalenessSimulated:
      'en argent réel, le seul prix à l’expiration provient du flux simulé (réservé aux trades d’entraînement).',
    stalenessWait:
      'Le règlement attend qu’un prix ultérieur soit enregistré, ce qui fixe le dernier prix au moment de l’expiration ou avant, ou que {{seconds}} secondes se soient écoulées après l’expiration. Le motif d’un trade annulé indique l’âge du prix et la limite appliquée.',
    stalenessSettings:
      'Ces limites sont des réglages de la plateforme : {{entry}} secondes pour le prix d’entrée et {{stale}} secondes pour le prix de sortie, sauf si l’exploitant les a modifiées.',
    payoutsTitle: 'Gains et taux de rentabilité',
    payoutsText:
      'Un trade gagnant rend sa mise plus le gain de sa durée. Un trade perdant perd sa mise. Voici les durées proposées actuellement :',
    payoutsCaption: 'Durées, gains et taux de réussite de rentabilité',
    payoutsFailed: 'Les gains actuels n’ont pas pu être chargés. Veuillez réessayer plus tard.',
    payoutsNone: 'Aucune durée n’est proposée pour le moment.',
    colDuration: 'Durée',
    colPayout: 'Gain',
    colBreakEven: 'Taux de réussite de rentabilité',
    colExample: 'Un gain sur {{stake}} rapporte',
    breakEvenFormula:
      'Un gain rapporte le pourcentage de gain et une perte coûte toute la mise : vous êtes à l’équilibre lorsque les gains représentent 1 / (1 + gain) de vos trades. Un gain de {{percent}} % exige {{rate}} de trades gagnants. En dessous, vous perdez de l’argent sur la durée.',
    payoutsRounding:
      'Le profit d’un gain est la mise multipliée par le pourcentage de gain, arrondi au paisa le plus proche.',
    receiptTitle: 'Votre reçu et comment le vérifier',
    receiptText:
      'Chaque ordre de la page Ordres ouvre un reçu qui contient tout ce qu’il faut pour vérifier son résultat :',
    receiptTerms: 'la paire, le compte réel ou d’entraînement, la direction, la mise, la durée et le gain ;',
    receiptResult:
      'le résultat, le profit ou la perte, le montant crédité et le motif d’une égalité, d’une annulation ou d’un remboursement ;',
    receiptTimes:
      'quand il a été passé, quand il a expiré et quand il a été réglé, à la milliseconde près, à l’heure de l’Inde (IST, UTC+05:30) ;',
    receiptPrices:
      'le prix d’entrée et le prix de sortie, chacun avec l’heure de la bourse, sa source et l’identifiant de transaction agrégée Binance qui l’a fixé.',
    checkTitle: 'Comment vérifier un résultat',
    check1:
      'Ouvrez le lien à côté de chaque identifiant de transaction agrégée : il demande cette transaction précise à l’API publique de Binance (api.binance.com, aggTrades de la paire USDT de la crypto), et son prix (p) et son heure (T, en millisecondes depuis 1970 UTC) doivent correspondre au reçu. Un prix simulé n’a pas de transaction de bourse, et le reçu le dit.',
    check2:
      'Vérifiez que l’heure de sortie est égale ou antérieure à l’heure d’expiration, et qu’aucune transaction plus tardive n’existe avant l’expiration.',
    check3:
      'Vérifiez que le prix de sortie a au plus {{seconds}} secondes de retard sur l’expiration ; sinon le trade est annulé.',
    check4:
      'Comparez le prix de sortie au prix d’entrée : plus haut, Hausse gagne ; plus bas, Baisse gagne ; égal, c’est une égalité.',
    ordersLink: 'Voir vos ordres',
  },
  adminAnnouncements: {
    add: 'Nouvelle annonce',
    addTitle: 'Nouvelle annonce',
    editTitle: 'Modifier l’annonce',
    title: 'Titre',
    body: 'Texte',
    published: 'Publiée',
    publishedLabel: 'Publiée : affichée sur la page Annonces',
    draft: 'Brouillon',
    created: 'Créée',
    updated: 'Modifiée',
    actions: 'Actions',
    edit: 'Modifier',
    delete: 'Supprimer',
    editOne: 'Modifier {{title}}',
    deleteOne: 'Supprimer {{title}}',
    deleteTitle: 'Supprimer l’annonce',
    deleteConfirm: 'Supprimer l’annonce « {{title}} » ? Elle disparaît de la page Annonces.',
    empty:
      'Aucune annonce pour l’instant. La page Annonces affiche ses deux exemples intégrés jusqu’à la publication d’une annonce.',
    loadFailed: 'Échec du chargement des annonces.',
    saveFailed: 'Échec de l’enregistrement de l’annonce.',
    deleteFailed: 'Échec de la suppression de l’annonce.',
    publicLink: 'Ouvrir la page Annonces',
  },
};
