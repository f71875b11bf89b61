import type { Shape } from '../../types.ts';
import type { pages as en } from '../en/pages.ts';

export const pages: Shape<typeof en> = {
  home: {
    title: 'Start',
    heroTitle: 'Krypto in Rupien handeln',
    heroText:
      'Verfolgen Sie Bitcoin, Ethereum und andere große Coins, laden Sie Ihre Wallet in INR auf und platzieren Sie kurze, zeitgebundene Steigt- oder Fällt-Trades, die mit aufgezeichneten Marktpreisen abgerechnet werden.',
    start: 'Jetzt handeln',
    openAccount: 'Konto eröffnen',
    introTitle: 'So funktioniert es',
    step1Title: 'INR-Wallet aufladen',
    step1Text:
      'Senden Sie eine Aufladeanfrage mit Ihrem Zahlungsbeleg. Jede Gutschrift wird in Ihrer Finanzübersicht verbucht.',
    step2Title: 'Coin und Laufzeit wählen',
    step2Text:
      'Wählen Sie Steigt oder Fällt und eine Laufzeit. Vor der Bestätigung sehen Sie die Auszahlung und die Gewinnquote, ab der Sie ohne Verlust bleiben.',
    step3Title: 'Abgerechnet zum Marktpreis',
    step3Text:
      'Bei Ablauf wird der Ausstiegspreis mit dem Einstiegspreis verglichen. Beide werden als Nachweis mit dem Trade gespeichert.',
    audienceTitle: 'Für jede Art von Trader',
    beginnerTitle: 'Einsteiger',
    beginnerText: 'Klein anfangen, verstehen, wie sich Preise bewegen, und jeden Trade im Verlauf behalten.',
    traderTitle: 'Trader',
    traderText: 'Kurze Laufzeiten, klare Auszahlungen und Live-Preise für schnelle Entscheidungen.',
    investorTitle: 'Anleger',
    investorText: 'Den Markt verfolgen und das INR-Guthaben über eine Übersicht verwalten.',
    promoLabel: 'Aktionen',
    promoSlide: '{{n}} von {{count}}',
    promoDot: 'Banner {{n}} anzeigen',
    promo1Title: 'Live-Preise, direkt zu Ihnen',
    promo1Text: 'Bitcoin, Ethereum und weitere große Coins aktualisieren sich, sobald sich der Markt bewegt.',
    promo1Cta: 'Handelsansicht öffnen',
    promo2Title: 'Wallet in Rupien aufladen',
    promo2Text:
      'Senden Sie eine Aufladeanfrage mit Zahlungsbeleg; jede Gutschrift erscheint in Ihren Aufzeichnungen.',
    promo2Cta: 'Aufladen',
    promo3Title: 'Hilfe, wenn Sie sie brauchen',
    promo3Text: 'Unser Support antwortet in Ihrem Ticket, meist innerhalb von 24 Stunden.',
    promo3Cta: 'Support kontaktieren',
    returnsTitle: 'Renditen',
    returnsText:
      'Ein gewonnener zeitgebundener Trade zahlt den Einsatz plus einen festen Anteil davon zurück, je nach Dauer.',
    returnsShort: 'Gewinn bei einem gewonnenen Trade der kürzesten Dauer',
    returnsMedium: 'Gewinn bei einem gewonnenen Trade der mittleren Dauer',
    returnsLong: 'Gewinn bei einem gewonnenen Trade der längsten Dauer',
    returnsRisk:
      'Ein verlorener Trade verliert seinen Einsatz; ein unveränderter Preis ist ein Unentschieden und erstattet ihn.',
    earnTitle: 'Handel und Staking',
    tradeCardTitle: 'Zeitgebundene Trades',
    tradeCardText:
      'Wählen Sie einen Coin, Auf oder Ab und eine Dauer, und verfolgen Sie den Live-Preis bis zum Ende.',
    stakingTitle: 'Staking',
    stakingText: 'Erträge auf gehaltene Coins werden noch nicht angeboten.',
    stakingSoon: 'Noch nicht verfügbar',
  },
  about: {
    title: 'Über uns',
    p1: '{{title}} ist eine Krypto-Handelsplattform für Nutzer in Indien. Guthaben werden in indischen Rupien geführt, Trades sind kurze, zeitgebundene Steigt- oder Fällt-Positionen auf große Coins.',
    p2: 'Jeder Trade wird mit aufgezeichneten Marktpreisen abgerechnet. Ein- und Ausstiegspreis jedes Auftrags werden mit Quelle und Zeitpunkt gespeichert, damit Sie jedes Ergebnis prüfen können.',
    p3: 'Jede Änderung Ihres Guthabens erscheint in Ihrer Finanzübersicht. Unser Support antwortet über Tickets in Ihrem Konto.',
  },
  announcements: {
    title: 'Ankündigungen',
    sample1Title: 'Willkommen auf der Plattform',
    sample1Body:
      'Eröffnen Sie Ihr Konto mit einem Empfehlungsschlüssel, hinterlegen Sie Ihre Bankverbindung und laden Sie Ihre INR-Wallet auf, um zu handeln.',
    sample2Title: 'Schützen Sie Ihr Konto',
    sample2Body:
      'Wir fragen Sie niemals nach Ihrem Passwort. Verwenden Sie ein eigenes Passwort und ändern Sie es in Ihrer Kontoübersicht.',
  },
  privacy: {
    title: 'Datenschutzvereinbarung',
    intro: 'Diese Vereinbarung erklärt, welche personenbezogenen Daten wir speichern und warum.',
    dataTitle: 'Welche Daten wir erheben',
    dataText:
      'Ihren Namen, Benutzernamen, Ihre E-Mail-Adresse, Ihre Bankverbindung für Auszahlungen und ein Protokoll Ihrer Anmeldungen (Zeit, Gerätetyp und Browser) zum Schutz Ihres Kontos.',
    useTitle: 'Wofür wir sie nutzen',
    useText:
      'Um Ihr Konto zu führen, Aufladungen und Auszahlungen zu bearbeiten, Trades abzurechnen, Support-Tickets zu beantworten und gesetzliche Pflichten zu erfüllen. Wir verkaufen Ihre Daten nicht.',
    rightsTitle: 'Ihre Rechte',
    rightsText:
      'Sie können Ihr Profil und Ihre Bankverbindung jederzeit ändern und beim Support eine Kopie Ihrer Daten anfordern.',
  },
  terms: {
    title: 'Nutzungsbedingungen',
    intro: 'Mit der Eröffnung eines Kontos akzeptieren Sie diese Bedingungen.',
    contents: 'Inhalt',
    accountsTitle: 'Konten',
    accountsText:
      'Für die Registrierung ist ein gültiger Empfehlungsschlüssel nötig. Sie sind für die Geheimhaltung Ihres Passworts und alle Aktivitäten in Ihrem Konto verantwortlich. Eine Person, ein Konto.',
    tradingTitle: 'Handel',
    tradingText:
      'Ein Trade vergleicht den Marktpreis bei Ablauf mit dem Einstiegspreis: Steigt gewinnt, wenn der Preis gestiegen ist, Fällt gewinnt, wenn er gefallen ist; ein unveränderter Preis ist ein Unentschieden und der Einsatz wird erstattet. Abgerechnete Trades sind endgültig.',
    liabilityTitle: 'Haftung',
    liabilityText:
      'Kryptopreise schwanken stark und Sie können den eingesetzten Betrag verlieren. Wir haften nicht für Verluste durch Marktbewegungen oder Ihre eigenen Entscheidungen.',
  },
  support: {
    title: 'Online-Kundenservice',
    intro: 'Schreiben Sie uns. Unser Team antwortet in einem Ticket in Ihrem Konto.',
    subject: 'Betreff',
    email: 'E-Mail',
    message: 'Nachricht',
    submit: 'Nachricht senden',
    submitting: 'Wird gesendet...',
    faqTitle: 'Häufige Fragen',
    faq1Q: 'Wie schnell antworten Sie?',
    faq1A: 'Antworten kommen in der Regel innerhalb von 24 Stunden.',
    faq2Q: 'Wo sehe ich die Antwort?',
    faq2A: 'Im Ticketverlauf Ihrer Kontoübersicht. Zusätzlich erhalten Sie eine Benachrichtigung.',
    faq3Q: 'Wie lange dauert eine Auszahlung?',
    faq3A: 'Auszahlungsanfragen werden von unserem Team geprüft. Den Status sehen Sie in Ihrer Wallet.',
  },
};
