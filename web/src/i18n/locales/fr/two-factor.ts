import type { Shape } from '../../types.ts';
import type { twoFactor as en } from '../en/two-factor.ts';

export const twoFactor: Shape<typeof en> = {
  twoFactor: {
    title: 'Authentification à deux facteurs',
    intro:
      "Connectez-vous avec votre mot de passe et un code d'une application d'authentification (Google Authenticator, Authy, 1Password et d'autres).",
    statusOn: 'Activée',
    statusOff: 'Désactivée',
    recoveryLeft: 'Codes de récupération restants : {{count}}',
    start: "Configurer l'authentification à deux facteurs",
    starting: 'Préparation...',
    scan: "Scannez ce QR code avec votre application d'authentification, ou saisissez-y la clé ci-dessous.",
    qrAlt: "QR code pour votre application d'authentification",
    manualKey: 'Clé à saisir à la main',
    recoveryTitle: 'Codes de récupération',
    recoveryHint:
      "Enregistrez ces codes en lieu sûr maintenant : ils ne s'affichent qu'une fois. Chacun vous connecte une fois si vous perdez votre téléphone.",
    code: "Code de l'application",
    enable: 'Activer',
    enabling: 'Activation...',
    disableTitle: "Désactiver l'authentification à deux facteurs",
    disableHint: "Saisissez votre mot de passe et un code de l'application (ou un code de récupération).",
    password: 'Mot de passe',
    disableCode: 'Code ou code de récupération',
    disable: 'Désactiver',
    disabling: 'Désactivation...',
    stepTitle: 'Saisissez votre code',
    stepIntro:
      "Ouvrez votre application d'authentification et saisissez le code à 6 chiffres de ce compte, ou utilisez un code de récupération.",
    verify: 'Vérifier',
    verifying: 'Vérification...',
    back: 'Retour à la connexion',
    requiredTitle: "Configurer l'authentification à deux facteurs",
    requiredIntro:
      "Les comptes du personnel se connectent avec un second facteur. Configurez-le maintenant pour ouvrir le panneau d'administration ; d'ici là, les pages du personnel restent fermées.",
    toPanel: "Ouvrir le panneau d'administration",
  },
};
