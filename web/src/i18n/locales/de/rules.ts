import type { Shape } from '../../types.ts';
import type { rules as en } from '../en/rules.ts';

export const rules: Shape<typeof en> = {
  rules: {
    title: 'Abrechnungsregeln',
    linkLabel: 'Wie Trades abgerechnet werden',
    receiptLink: 'Wie dieses Ergebnis entschieden wurde und wie Sie es prüfen',
    intro:
      'Jeder zeitgebundene Trade wird nach denselben Regeln abgerechnet, allein aus aufgezeichneten Marktpreisen. Niemand, auch nicht unser Team, kann einen Preis festlegen oder ein Ergebnis wählen.',
    contents: 'Inhalt',
    outcomeTitle: 'Wie das Ergebnis entschieden wird',
    outcomeEntry:
      'Wenn Sie einen Trade platzieren, ist sein Einstiegspreis der neueste aus dem Marktdaten-Feed aufgezeichnete Preis. Ein Trade wird nur zu einem aktuellen Preis eröffnet: Ist der neueste älter als {{seconds}} Sekunden, wird der Trade abgelehnt und nichts abgebucht.',
    outcomeExpiry:
      'Der Trade läuft ab, wenn seine Dauer vorbei ist, am Ende dieser Sekunde. Sein Ausstiegspreis ist der letzte bis einschließlich zum Ablauf aufgezeichnete Preis, und das Ergebnis vergleicht ihn mit dem Einstiegspreis:',
    outcomeUp: 'Auf gewinnt, wenn der Ausstiegspreis über dem Einstiegspreis liegt.',
    outcomeDown: 'Ab gewinnt, wenn der Ausstiegspreis unter dem Einstiegspreis liegt.',
    outcomeDraw: 'Ein unveränderter Preis ist ein Unentschieden: Ihr Einsatz wird vollständig zurückgezahlt.',
    outcomeFinal:
      'Ein abgerechneter Trade ist endgültig. Ein Administrator kann nur einen laufenden Trade stornieren, mit einem Grund, den Sie sehen, und Ihr Einsatz wird erstattet.',
    stalenessTitle: 'Wenn es keinen aktuellen Preis gibt',
    stalenessText:
      'Ein Ergebnis wird nie geraten. Der Trade wird für ungültig erklärt und Ihr Einsatz erstattet, wenn beim Ablauf der letzte aufgezeichnete Preis mehr als {{seconds}} Sekunden älter als der Ablauf ist oder es keinen gibt:',
    stalenessNone: 'vor dem Ablauf wurde kein Preis aufgezeichnet;',
    stalenessOld: 'der letzte Preis vor dem Ablauf ist mehr als {{seconds}} Sekunden älter als der Ablauf;',
    stalenessSimulated:
      'bei Echtgeld stammt der einzige Preis beim Ablauf aus dem simulierten Feed (nur für Übungstrades).',
    stalenessWait:
      'Die Abrechnung wartet, bis ein späterer Preis aufgezeichnet ist, der den letzten Preis bis zum Ablauf festlegt, oder bis {{seconds}} Sekunden nach dem Ablauf vergangen sind. Der Grund eines ungültigen Trades nennt das Alter des Preises und die geltende Grenze.',
    stalenessSettings:
      'Diese Grenzen sind Einstellungen der Plattform: {{entry}} Sekunden für den Einstiegspreis und {{stale}} Sekunden für den Ausstiegspreis, sofern der Betreiber sie nicht geändert hat.',
    payoutsTitle: 'Auszahlungen und Break-even-Quoten',
    payoutsText:
      'Ein gewonnener Trade zahlt seinen Einsatz plus die Auszahlung seiner Dauer zurück. Ein verlorener Trade verliert seinen Einsatz. Dies sind die aktuell angebotenen Laufzeiten:',
    payoutsCaption: 'Laufzeiten, Auszahlungen und Break-even-Gewinnquoten',
    payoutsFailed:
      'Die aktuellen Auszahlungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    payoutsNone: 'Derzeit werden keine Laufzeiten angeboten.',
    colDuration: 'Laufzeit',
    colPayout: 'Auszahlung',
    colBreakEven: 'Break-even-Gewinnquote',
    colExample: 'Ein Gewinn mit {{stake}} zahlt',
    breakEvenFormula:
      'Ein Gewinn bringt die Auszahlung, ein Verlust kostet den ganzen Einsatz: Sie erreichen den Break-even, wenn 1 / (1 + Auszahlung) Ihrer Trades Gewinne sind. Eine Auszahlung von {{percent}} % erfordert {{rate}} Gewinne. Darunter verlieren Sie über viele Trades Geld.',
    payoutsRounding:
      'Der Gewinn eines Trades ist der Einsatz mal die Auszahlung, auf den nächsten Paisa gerundet.',
    receiptTitle: 'Ihr Beleg und wie Sie ihn prüfen',
    receiptText:
      'Jede Order unter Orders öffnet einen Beleg mit allem, was zur Prüfung ihres Ergebnisses nötig ist:',
    receiptTerms:
      'das Paar, Echt- oder Übungskonto, die Richtung, den Einsatz, die Laufzeit und die Auszahlung;',
    receiptResult:
      'das Ergebnis, den Gewinn oder Verlust, den gutgeschriebenen Betrag und den Grund eines Unentschiedens, einer Ungültigkeit oder Stornierung;',
    receiptTimes:
      'wann sie platziert wurde, wann sie ablief und wann sie abgerechnet wurde, auf die Millisekunde genau, in indischer Zeit (IST, UTC+05:30);',
    receiptPrices:
      'den Einstiegs- und den Ausstiegspreis, jeweils mit der Börsenzeit, seiner Quelle und der aggregierten Binance-Handels-ID des Handels, der ihn festlegte.',
    checkTitle: 'Wie Sie ein Ergebnis prüfen',
    check1:
      'Öffnen Sie den Link neben jeder aggregierten Handels-ID: Er fragt die öffentliche API von Binance (api.binance.com, aggTrades des USDT-Paars der Kryptowährung) nach genau diesem Trade, und dessen Preis (p) und Zeit (T, Millisekunden seit 1970 UTC) müssen mit dem Beleg übereinstimmen. Ein simulierter Preis hat keinen Börsen-Trade, und der Beleg sagt das.',
    check2:
      'Prüfen Sie, dass die Ausstiegszeit bis einschließlich zur Ablaufzeit liegt und vor dem Ablauf kein späterer Handel existiert.',
    check3:
      'Prüfen Sie, dass der Ausstiegspreis höchstens {{seconds}} Sekunden älter als der Ablauf ist; sonst ist der Trade ungültig.',
    check4:
      'Vergleichen Sie den Ausstiegs- mit dem Einstiegspreis: höher gewinnt Auf, niedriger gewinnt Ab, gleich ist ein Unentschieden.',
    ordersLink: 'Ihre Orders ansehen',
  },
  adminAnnouncements: {
    add: 'Neue Ankündigung',
    addTitle: 'Neue Ankündigung',
    editTitle: 'Ankündigung bearbeiten',
    title: 'Titel',
    body: 'Nachrichtentext',
    published: 'Veröffentlicht',
    publishedLabel: 'Veröffentlicht: auf der Seite Ankündigungen sichtbar',
    draft: 'Entwurf',
    created: 'Erstellt',
    updated: 'Geändert',
    actions: 'Aktionen',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    editOne: '{{title}} bearbeiten',
    deleteOne: '{{title}} löschen',
    deleteTitle: 'Ankündigung löschen',
    deleteConfirm: 'Die Ankündigung „{{title}}“ löschen? Sie verschwindet von der Seite Ankündigungen.',
    empty:
      'Noch keine Ankündigungen. Die Seite Ankündigungen zeigt ihre zwei eingebauten Beispiele, bis eine veröffentlicht ist.',
    loadFailed: 'Ankündigungen konnten nicht geladen werden.',
    saveFailed: 'Die Ankündigung konnte nicht gespeichert werden.',
    deleteFailed: 'Die Ankündigung konnte nicht gelöscht werden.',
    publicLink: 'Seite Ankündigungen öffnen',
  },
};
