import type { Shape } from '../../types.ts';
import type { pages as en } from '../en/pages.ts';

export const pages: Shape<typeof en> = {
  home: {
    title: 'Accueil',
    heroTitle: 'Tradez les cryptos en roupies',
    heroText:
      "Suivez le Bitcoin, l'Ethereum et les autres grandes cryptos, alimentez votre portefeuille en INR et passez des trades courts à la hausse ou à la baisse, réglés sur les prix de marché enregistrés.",
    start: 'Commencer à trader',
    openAccount: 'Ouvrir un compte',
    introTitle: 'Comment ça marche',
    step1Title: 'Alimentez votre portefeuille INR',
    step1Text:
      'Envoyez une demande de recharge avec votre justificatif de paiement. Chaque crédit est inscrit dans vos relevés financiers.',
    step2Title: 'Choisissez une crypto et une durée',
    step2Text:
      'Choisissez Hausse ou Baisse et une durée. Vous voyez le gain et le taux de réussite nécessaire pour être à l’équilibre avant de confirmer.',
    step3Title: 'Réglé au prix du marché',
    step3Text:
      "À l'échéance, le prix de sortie est comparé au prix d'entrée. Les deux sont conservés avec le trade comme preuve.",
    audienceTitle: 'Conçu pour tous les traders',
    beginnerTitle: 'Débutant',
    beginnerText:
      'Commencez petit, apprenez comment les prix évoluent et gardez chaque trade dans votre historique.',
    traderTitle: 'Trader',
    traderText: 'Durées courtes, gains clairs et prix en direct pour des décisions rapides.',
    investorTitle: 'Investisseur',
    investorText: 'Suivez le marché et gérez votre solde en INR depuis un seul tableau de bord.',
    promoLabel: 'Offres',
    promoSlide: '{{n}} sur {{count}}',
    promoDot: 'Afficher la bannière {{n}}',
    promo1Title: 'Des prix en direct, envoyés à vous',
    promo1Text: 'Bitcoin, Ethereum et les autres grandes cryptos se mettent à jour dès que le marché bouge.',
    promo1Cta: "Ouvrir l'écran de trading",
    promo2Title: 'Alimentez votre portefeuille en roupies',
    promo2Text:
      'Envoyez une demande de recharge avec votre justificatif ; chaque crédit apparaît dans vos relevés.',
    promo2Cta: 'Recharger',
    promo3Title: "De l'aide quand il le faut",
    promo3Text: 'Notre support répond dans votre ticket, généralement sous 24 heures.',
    promo3Cta: 'Contacter le support',
    returnsTitle: 'Rendements',
    returnsText:
      'Un trade à durée fixe gagnant rembourse la mise plus une part fixe de celle-ci, selon la durée.',
    returnsShort: 'de gain sur un trade gagnant de la durée la plus courte',
    returnsMedium: 'de gain sur un trade gagnant de la durée intermédiaire',
    returnsLong: 'de gain sur un trade gagnant de la durée la plus longue',
    returnsRisk: 'Un trade perdant perd sa mise ; un prix inchangé est un match nul et la rembourse.',
    earnTitle: 'Trading et staking',
    tradeCardTitle: 'Trades à durée fixe',
    tradeCardText:
      "Choisissez une crypto, Hausse ou Baisse et une durée, puis suivez le prix en direct jusqu'à la fin.",
    stakingTitle: 'Staking',
    stakingText: 'Les revenus sur les cryptos détenues ne sont pas encore proposés.',
    stakingSoon: 'Pas encore disponible',
  },
  about: {
    title: 'À propos',
    p1: '{{title}} est une plateforme de trading de cryptos pour les utilisateurs en Inde. Les soldes sont tenus en roupies indiennes et les trades sont des positions courtes à la hausse ou à la baisse sur les grandes cryptos.',
    p2: "Chaque trade est réglé sur des prix de marché enregistrés. Les prix d'entrée et de sortie de chaque ordre sont conservés avec leur source et leur heure, pour que vous puissiez vérifier chaque résultat.",
    p3: 'Chaque changement de votre solde apparaît dans vos relevés financiers. Notre équipe support répond via des tickets dans votre compte.',
  },
  announcements: {
    title: 'Annonces',
    sample1Title: 'Bienvenue sur la plateforme',
    sample1Body:
      'Créez votre compte avec une clé de parrainage, ajoutez vos coordonnées bancaires et alimentez votre portefeuille INR pour commencer à trader.',
    sample2Title: 'Protégez votre compte',
    sample2Body:
      'Nous ne vous demanderons jamais votre mot de passe. Utilisez un mot de passe unique et changez-le depuis votre tableau de bord.',
  },
  privacy: {
    title: 'Accord de confidentialité',
    intro: 'Cet accord explique quelles données personnelles nous conservons et pourquoi.',
    dataTitle: 'Données collectées',
    dataText:
      "Votre nom, votre nom d'utilisateur, votre adresse e-mail, vos coordonnées bancaires pour les retraits et un historique de vos connexions (heure, type d'appareil et navigateur) pour protéger votre compte.",
    useTitle: 'Utilisation',
    useText:
      'Pour gérer votre compte, traiter les recharges et les retraits, régler les trades, répondre aux tickets et respecter nos obligations légales. Nous ne vendons pas vos données.',
    rightsTitle: 'Vos droits',
    rightsText:
      'Vous pouvez modifier votre profil et vos coordonnées bancaires à tout moment et demander une copie de vos données au support.',
  },
  terms: {
    title: "Conditions d'utilisation",
    intro: 'En ouvrant un compte, vous acceptez ces conditions.',
    contents: 'Sommaire',
    accountsTitle: 'Comptes',
    accountsText:
      "Une clé de parrainage valide est nécessaire pour s'inscrire. Vous êtes responsable de la confidentialité de votre mot de passe et de toute activité sur votre compte. Une personne, un compte.",
    tradingTitle: 'Négociation',
    tradingText:
      "Un trade compare le prix du marché à l'échéance avec le prix d'entrée : Hausse gagne si le prix a monté, Baisse gagne s'il a baissé, un prix inchangé est une égalité et la mise est rendue. Les trades réglés sont définitifs.",
    liabilityTitle: 'Responsabilité',
    liabilityText:
      'Les prix des cryptos sont volatils et vous pouvez perdre le montant engagé. Nous ne sommes pas responsables des pertes dues aux mouvements du marché ou à vos propres décisions.',
  },
  support: {
    title: 'Service client en ligne',
    intro: 'Envoyez-nous un message : notre équipe vous répondra dans un ticket de votre compte.',
    subject: 'Objet',
    email: 'E-mail',
    message: 'Votre message',
    submit: 'Envoyer le message',
    submitting: 'Envoi...',
    faqTitle: 'Questions fréquentes',
    faq1Q: 'Quand recevrai-je une réponse ?',
    faq1A: 'Les réponses arrivent généralement sous 24 heures.',
    faq2Q: 'Où voir la réponse ?',
    faq2A: 'Dans le fil du ticket de votre tableau de bord. Vous recevez aussi une notification.',
    faq3Q: 'Combien de temps prend un retrait ?',
    faq3A:
      'Les demandes de retrait sont examinées par notre équipe. Leur statut est affiché dans votre portefeuille.',
  },
};
