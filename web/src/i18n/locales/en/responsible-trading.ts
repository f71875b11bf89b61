/**
 * Responsible trading: the account page's limits card and the admin user detail's view of it
 * (`limitsTexts`, loaded with those pages), and the risk disclosure dialog (`disclosureTexts`,
 * in the first bundle: a refusal can open it on any page).
 */
export const limitsTexts = {
  limits: {
    title: 'Responsible trading',
    intro:
      'Set your own limits on real money. "Daily" means the Indian day, from midnight IST. A lower limit applies at once; a higher one, or removing a limit, only after 24 hours. Practice trading is never limited.',
    dailyLoss: 'Daily loss limit (₹, empty for none)',
    dailyDeposit: 'Daily deposit limit (₹, empty for none)',
    none: 'No limit.',
    inForce: 'In force: {{amount}}.',
    usedToday: 'Counted today: {{amount}}.',
    pending: 'Rises to {{amount}} on {{at}}.',
    pendingRemoval: 'The limit is removed on {{at}}.',
    rules:
      'Your loss today is what your real trades placed today lost, less what they won; a running trade counts as lost until it settles. Deposits count on the day you ask for them.',
    save: 'Save limits',
    coolOff: 'Take a break (cool-off)',
    selfExclusion: 'Self-exclusion',
    hoursOption_one: '{{count}} hour',
    hoursOption_other: '{{count}} hours',
    weeksOption_one: '{{count}} week',
    weeksOption_other: '{{count}} weeks',
    monthsOption_one: '{{count}} month',
    monthsOption_other: '{{count}} months',
    startCoolOff: 'Start cool-off',
    startSelfExclusion: 'Exclude myself',
    confirmTitle: 'Are you sure?',
    confirmCoolOff:
      'For {{period}} you cannot place real-money trades or top up. Withdrawals stay open. Nobody can end it early, you included.',
    confirmSelfExclusion:
      'For {{period}} you cannot place real-money trades or top up. Withdrawals stay open. Nobody can end it early, you included.',
    confirm: 'Yes, start it now',
    coolOffUntil: 'Cool-off until {{at}}: real-money trades and top-ups are paused.',
    selfExcludedUntil: 'Self-excluded until {{at}}: real-money trades and top-ups are closed.',
    lossShort: 'Daily loss limit',
    depositShort: 'Daily deposit limit',
    disclosureAccepted: 'Risk disclosure accepted on {{at}}.',
    disclosureMissing: 'Risk disclosure not accepted yet.',
    adminNote: 'Set by the user. Nobody can shorten a cool-off or a self-exclusion.',
  },
};

export const disclosureTexts = {
  disclosure: {
    title: 'Risk disclosure and terms',
    intro: 'Before your first real-money trade, deposit or withdrawal, please read this once.',
    risk1: 'Up/Down trades are high risk: you can lose the whole stake of every trade.',
    risk2:
      'A trade is decided only by the recorded market price at its expiry; past results say nothing about the next one.',
    risk3:
      'Only trade money you can afford to lose. You can set daily limits, take a break or exclude yourself on your account page.',
    risk4: 'Amounts are in Indian rupees; taxes on your results are yours to declare.',
    terms: 'By accepting you agree to the terms of use of this platform.',
    confirm: 'I have read and understood the risk disclosure and accept the terms.',
    accept: 'Accept and continue',
  },
};

export const responsibleTrading = { ...limitsTexts, ...disclosureTexts };
