import type { Shape } from '../../types.ts';
import type { responsibleTrading as en } from '../en/responsible-trading.ts';

export const responsibleTrading: Shape<typeof en> = {
  limits: {
    title: 'Verantwortungsvolles Handeln',
    intro:
      'Legen Sie eigene Grenzen für Echtgeld fest. „Täglich“ meint den indischen Tag ab Mitternacht IST. Eine niedrigere Grenze gilt sofort; eine höhere oder das Entfernen einer Grenze erst nach 24 Stunden. Übungshandel ist nie begrenzt.',
    dailyLoss: 'Tägliches Verlustlimit (₹, leer für keines)',
    dailyDeposit: 'Tägliches Einzahlungslimit (₹, leer für keines)',
    none: 'Kein Limit.',
    inForce: 'Gültig: {{amount}}.',
    usedToday: 'Heute gezählt: {{amount}}.',
    pending: 'Steigt am {{at}} auf {{amount}}.',
    pendingRemoval: 'Das Limit entfällt am {{at}}.',
    rules:
      'Ihr heutiger Verlust ist, was Ihre heute platzierten Echtgeld-Trades verloren haben, abzüglich ihrer Gewinne; ein laufender Trade zählt bis zur Abrechnung als verloren. Einzahlungen zählen an dem Tag, an dem Sie sie anfragen.',
    save: 'Limits speichern',
    coolOff: 'Pause einlegen (Cool-off)',
    selfExclusion: 'Selbstsperre',
    hoursOption_one: '{{count}} Stunde',
    hoursOption_other: '{{count}} Stunden',
    weeksOption_one: '{{count}} Woche',
    weeksOption_other: '{{count}} Wochen',
    monthsOption_one: '{{count}} Monat',
    monthsOption_other: '{{count}} Monate',
    startCoolOff: 'Pause starten',
    startSelfExclusion: 'Mich sperren',
    confirmTitle: 'Sind Sie sicher?',
    confirmCoolOff:
      'Für {{period}} können Sie keine Echtgeld-Trades platzieren und nicht aufladen. Auszahlungen bleiben möglich. Niemand kann die Pause vorzeitig beenden, auch Sie nicht.',
    confirmSelfExclusion:
      'Für {{period}} können Sie keine Echtgeld-Trades platzieren und nicht aufladen. Auszahlungen bleiben möglich. Niemand kann die Sperre vorzeitig beenden, auch Sie nicht.',
    confirm: 'Ja, jetzt starten',
    coolOffUntil: 'Pause bis {{at}}: Echtgeld-Trades und Aufladungen ruhen.',
    selfExcludedUntil: 'Selbstsperre bis {{at}}: Echtgeld-Trades und Aufladungen sind geschlossen.',
    lossShort: 'Tägliches Verlustlimit',
    depositShort: 'Tägliches Einzahlungslimit',
    disclosureAccepted: 'Risikohinweis akzeptiert am {{at}}.',
    disclosureMissing: 'Risikohinweis noch nicht akzeptiert.',
    adminNote: 'Vom Benutzer festgelegt. Niemand kann eine Pause oder Selbstsperre verkürzen.',
  },
  disclosure: {
    title: 'Risikohinweis und Bedingungen',
    intro:
      'Bitte lesen Sie dies einmal vor Ihrem ersten Echtgeld-Trade, Ihrer ersten Einzahlung oder Auszahlung.',
    risk1: 'Up/Down-Trades sind hochriskant: Sie können den gesamten Einsatz jedes Trades verlieren.',
    risk2:
      'Ein Trade wird nur durch den aufgezeichneten Marktpreis bei Ablauf entschieden; frühere Ergebnisse sagen nichts über den nächsten.',
    risk3:
      'Handeln Sie nur mit Geld, dessen Verlust Sie sich leisten können. Auf Ihrer Kontoseite können Sie Tageslimits setzen, eine Pause einlegen oder sich sperren.',
    risk4: 'Beträge sind in indischen Rupien; Steuern auf Ihre Ergebnisse erklären Sie selbst.',
    terms: 'Mit dem Akzeptieren stimmen Sie den Nutzungsbedingungen dieser Plattform zu.',
    confirm: 'Ich habe den Risikohinweis gelesen und verstanden und akzeptiere die Bedingungen.',
    accept: 'Akzeptieren und fortfahren',
  },
};
