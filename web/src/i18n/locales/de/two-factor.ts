import type { Shape } from '../../types.ts';
import type { twoFactor as en } from '../en/two-factor.ts';

export const twoFactor: Shape<typeof en> = {
  twoFactor: {
    title: 'Zwei-Faktor-Authentifizierung',
    intro:
      'Melden Sie sich mit Ihrem Passwort und einem Code aus einer Authenticator-App an (Google Authenticator, Authy, 1Password und andere).',
    statusOn: 'Ein',
    statusOff: 'Aus',
    recoveryLeft: 'Verbleibende Wiederherstellungscodes: {{count}}',
    start: 'Zwei-Faktor-Authentifizierung einrichten',
    starting: 'Wird vorbereitet...',
    scan: 'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel unten dort ein.',
    qrAlt: 'QR-Code für Ihre Authenticator-App',
    manualKey: 'Schlüssel zur manuellen Eingabe',
    recoveryTitle: 'Wiederherstellungscodes',
    recoveryHint:
      'Speichern Sie diese Codes jetzt an einem sicheren Ort: Sie werden nur einmal angezeigt. Jeder meldet Sie einmal an, falls Sie Ihr Telefon verlieren.',
    code: 'Code aus der App',
    enable: 'Einschalten',
    enabling: 'Wird eingeschaltet...',
    disableTitle: 'Zwei-Faktor-Authentifizierung ausschalten',
    disableHint: 'Geben Sie Ihr Passwort und einen Code aus der App (oder einen Wiederherstellungscode) ein.',
    password: 'Passwort',
    disableCode: 'Code oder Wiederherstellungscode',
    disable: 'Ausschalten',
    disabling: 'Wird ausgeschaltet...',
    stepTitle: 'Code eingeben',
    stepIntro:
      'Öffnen Sie Ihre Authenticator-App und geben Sie den 6-stelligen Code für dieses Konto ein, oder verwenden Sie einen Wiederherstellungscode.',
    verify: 'Bestätigen',
    verifying: 'Wird geprüft...',
    back: 'Zurück zur Anmeldung',
    requiredTitle: 'Zwei-Faktor-Authentifizierung einrichten',
    requiredIntro:
      'Mitarbeiterkonten melden sich mit einem zweiten Faktor an. Richten Sie ihn jetzt ein, um das Admin-Panel zu öffnen; bis dahin bleiben die Mitarbeiterseiten geschlossen.',
    toPanel: 'Admin-Panel öffnen',
  },
};
