import type { Shape } from '../../types.ts';
import type { responsibleTrading as en } from '../en/responsible-trading.ts';

export const responsibleTrading: Shape<typeof en> = {
  limits: {
    title: 'Trading responsable',
    intro:
      'Fixez vos propres limites sur l’argent réel. « Quotidien » désigne la journée indienne, à partir de minuit IST. Une limite plus basse s’applique tout de suite ; une plus haute, ou la suppression d’une limite, seulement après 24 heures. Le trading d’entraînement n’est jamais limité.',
    dailyLoss: 'Limite de perte quotidienne (₹, vide pour aucune)',
    dailyDeposit: 'Limite de dépôt quotidienne (₹, vide pour aucune)',
    none: 'Aucune limite.',
    inForce: 'En vigueur : {{amount}}.',
    usedToday: 'Compté aujourd’hui : {{amount}}.',
    pending: 'Passe à {{amount}} le {{at}}.',
    pendingRemoval: 'La limite est supprimée le {{at}}.',
    rules:
      'Votre perte du jour est ce qu’ont perdu vos trades réels placés aujourd’hui, moins ce qu’ils ont gagné ; un trade en cours compte comme perdu jusqu’à son règlement. Les dépôts comptent le jour où vous les demandez.',
    save: 'Enregistrer les limites',
    coolOff: 'Faire une pause',
    selfExclusion: 'Auto-exclusion',
    hoursOption_one: '{{count}} heure',
    hoursOption_other: '{{count}} heures',
    weeksOption_one: '{{count}} semaine',
    weeksOption_other: '{{count}} semaines',
    monthsOption_one: '{{count}} mois',
    monthsOption_other: '{{count}} mois',
    startCoolOff: 'Commencer la pause',
    startSelfExclusion: 'M’exclure',
    confirmTitle: 'En êtes-vous sûr ?',
    confirmCoolOff:
      'Pendant {{period}}, vous ne pourrez ni placer de trades en argent réel ni recharger. Les retraits restent ouverts. Personne ne peut y mettre fin plus tôt, vous compris.',
    confirmSelfExclusion:
      'Pendant {{period}}, vous ne pourrez ni placer de trades en argent réel ni recharger. Les retraits restent ouverts. Personne ne peut y mettre fin plus tôt, vous compris.',
    confirm: 'Oui, commencer maintenant',
    coolOffUntil: 'Pause jusqu’au {{at}} : trades réels et recharges suspendus.',
    selfExcludedUntil: 'Auto-exclusion jusqu’au {{at}} : trades réels et recharges fermés.',
    lossShort: 'Limite de perte quotidienne',
    depositShort: 'Limite de dépôt quotidienne',
    disclosureAccepted: 'Avertissement sur les risques accepté le {{at}}.',
    disclosureMissing: 'Avertissement sur les risques pas encore accepté.',
    adminNote: 'Fixé par l’utilisateur. Personne ne peut raccourcir une pause ou une auto-exclusion.',
  },
  disclosure: {
    title: 'Avertissement sur les risques et conditions',
    intro: 'Avant votre premier trade, dépôt ou retrait en argent réel, lisez ceci une fois.',
    risk1: 'Les trades Up/Down sont très risqués : vous pouvez perdre toute la mise de chaque trade.',
    risk2:
      'Un trade est décidé uniquement par le prix de marché enregistré à son échéance ; les résultats passés ne disent rien du suivant.',
    risk3:
      'Ne tradez que l’argent que vous pouvez vous permettre de perdre. Sur votre page de compte, vous pouvez fixer des limites quotidiennes, faire une pause ou vous exclure.',
    risk4: 'Les montants sont en roupies indiennes ; les impôts sur vos résultats sont à déclarer par vous.',
    terms: 'En acceptant, vous acceptez les conditions d’utilisation de cette plateforme.',
    confirm: 'J’ai lu et compris l’avertissement sur les risques et j’accepte les conditions.',
    accept: 'Accepter et continuer',
  },
};
