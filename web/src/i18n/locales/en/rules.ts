/** The settlement rules page (/rules) and the admin's Announcements screen. */
export const rules = {
  rules: {
    title: 'Settlement rules',
    linkLabel: 'How trades are settled',
    receiptLink: 'How this result was decided and how to check it',
    intro:
      'Every timed trade is settled by the same rules, from recorded market prices and nothing else. No one, including our staff, can set a price or choose a result.',
    contents: 'Contents',
    outcomeTitle: 'How a result is decided',
    outcomeEntry:
      'When you place a trade, its entry price is the latest price recorded from the market feed. A trade is only opened on a fresh price: if the latest one is more than {{seconds}} seconds old, the trade is refused and nothing is debited.',
    outcomeExpiry:
      'The trade expires when its duration has passed, at the end of that second. Its exit price is the last price recorded at or before expiry, and the result compares it with the entry price:',
    outcomeUp: 'Up wins if the exit price is higher than the entry price.',
    outcomeDown: 'Down wins if the exit price is lower than the entry price.',
    outcomeDraw: 'An unchanged price is a draw: your stake is returned in full.',
    outcomeFinal:
      'A settled trade is final. An admin can only cancel a running trade, with a reason you see, and your stake is refunded.',
    stalenessTitle: 'When there is no fresh price',
    stalenessText:
      'A result is never guessed. The trade is voided and your stake refunded when, at expiry, the last recorded price is more than {{seconds}} seconds older than the expiry, or there is none:',
    stalenessNone: 'no price was recorded before expiry;',
    stalenessOld: 'the last price before expiry is more than {{seconds}} seconds older than the expiry;',
    stalenessSimulated:
      'for real money, the only price at expiry comes from the simulated feed (practice trades only).',
    stalenessWait:
      'Settlement waits until a later price is recorded, which fixes the last price at or before expiry, or until {{seconds}} seconds after expiry have passed. The reason of a voided trade names the age of the price and the limit that applied.',
    stalenessSettings:
      'These bounds are platform settings: {{entry}} seconds for the entry price and {{stale}} seconds for the exit price unless the operator has changed them.',
    payoutsTitle: 'Payouts and break-even rates',
    payoutsText:
      'A winning trade pays back its stake plus the payout of its duration. A losing trade loses its stake. These are the durations on offer now:',
    payoutsCaption: 'Durations, payouts and break-even win rates',
    payoutsFailed: 'The current payouts could not be loaded. Please try again later.',
    payoutsNone: 'No durations are on offer at the moment.',
    colDuration: 'Duration',
    colPayout: 'Payout',
    colBreakEven: 'Break-even win rate',
    colExample: 'A win on {{stake}} pays',
    breakEvenFormula:
      'A win earns the payout and a loss costs the whole stake, so you break even when wins make up 1 / (1 + payout) of your trades: a {{percent}} % payout needs {{rate}} wins. Below that rate you lose money over many trades.',
    payoutsRounding: 'The profit of a win is the stake times the payout, rounded to the nearest paisa.',
    receiptTitle: 'Your receipt and how to check it',
    receiptText: 'Every order in Orders opens a receipt that holds everything needed to check its result:',
    receiptTerms: 'the pair, real or practice account, direction, stake, duration and payout;',
    receiptResult:
      'the result, the profit or loss, the amount credited, and the reason of a draw, void or cancellation;',
    receiptTimes:
      'when it was placed, when it expired and when it was settled, to the millisecond, in India time (IST, UTC+05:30);',
    receiptPrices:
      'the entry and the exit price, each with the exchange time, its source and the Binance aggregate trade id of the trade that set it.',
    checkTitle: 'How to check a result',
    check1:
      'Open the link beside each aggregate trade id: it asks Binance’s public API (api.binance.com, the aggTrades of the coin’s USDT pair) for that very trade, and its price (p) and time (T, in milliseconds since 1970 UTC) must match the receipt. A simulated price has no exchange trade and the receipt says so.',
    check2:
      'Check that the exit time is at or before the expiry time, and that no later trade before the expiry exists.',
    check3:
      'Check that the exit price is at most {{seconds}} seconds older than the expiry; otherwise the trade is voided.',
    check4:
      'Compare the exit price with the entry price: higher is a win for Up, lower a win for Down, equal a draw.',
    ordersLink: 'See your orders',
  },
  adminAnnouncements: {
    add: 'New announcement',
    addTitle: 'New announcement',
    editTitle: 'Edit announcement',
    title: 'Title',
    body: 'Text',
    published: 'Published',
    publishedLabel: 'Published: shown on the Announcements page',
    draft: 'Draft',
    created: 'Created',
    updated: 'Updated',
    actions: 'Actions',
    edit: 'Edit',
    delete: 'Delete',
    editOne: 'Edit {{title}}',
    deleteOne: 'Delete {{title}}',
    deleteTitle: 'Delete announcement',
    deleteConfirm: 'Delete the announcement “{{title}}”? It disappears from the Announcements page.',
    empty:
      'No announcements yet. The Announcements page shows its two built-in samples until one is published.',
    loadFailed: 'Failed to load announcements.',
    saveFailed: 'Failed to save the announcement.',
    deleteFailed: 'Failed to delete the announcement.',
    publicLink: 'Open the Announcements page',
  },
};
