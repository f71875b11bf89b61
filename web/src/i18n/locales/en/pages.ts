/** Landing and information pages. */
export const pages = {
  home: {
    title: 'Home',
    heroTitle: 'Trade crypto in rupees',
    heroText:
      'Follow Bitcoin, Ethereum and other major coins, fund your wallet in INR and place short timed Up or Down trades settled on recorded market prices.',
    start: 'Start trading',
    openAccount: 'Open an account',
    introTitle: 'How it works',
    step1Title: 'Fund your INR wallet',
    step1Text:
      'Send a top-up request with your payment voucher. Every credit is recorded in your financial records.',
    step2Title: 'Pick a coin and a duration',
    step2Text:
      'Choose Up or Down and a duration. You see the payout and the break-even win rate before you confirm.',
    step3Title: 'Settled on the market price',
    step3Text:
      'At expiry the exit price is compared with the entry price. Both are stored with the trade as proof.',
    audienceTitle: 'Built for every kind of trader',
    beginnerTitle: 'Beginner',
    beginnerText: 'Start small, learn how prices move and keep every trade in your history.',
    traderTitle: 'Trader',
    traderText: 'Short durations, clear payouts and live prices for quick decisions.',
    investorTitle: 'Investor',
    investorText: 'Follow the market and manage your INR balance from one dashboard.',
  },
  about: {
    title: 'About Us',
    p1: '{{title}} is a crypto trading platform for users in India. Balances are kept in Indian rupees and trades are short, timed Up or Down positions on major coins.',
    p2: 'Every trade is settled on recorded market prices. The entry and exit price of each order are stored with their source and time, so you can check every result.',
    p3: 'Every change to your balance appears in your financial records. Our support team answers through tickets in your account.',
  },
  announcements: {
    title: 'Announcements',
    sample1Title: 'Welcome to the platform',
    sample1Body:
      'Create your account with a referral key, add your bank details and fund your INR wallet to start trading.',
    sample2Title: 'Keep your account safe',
    sample2Body:
      'We will never ask for your password. Use a unique password and change it from your account dashboard.',
  },
  privacy: {
    title: 'Privacy Agreement',
    intro: 'This agreement explains which personal data we keep and why.',
    dataTitle: 'Data we collect',
    dataText:
      'Your name, username, email address, bank details for withdrawals, and a record of your logins (time, device type and browser) to protect your account.',
    useTitle: 'How we use it',
    useText:
      'To run your account, process top-ups and withdrawals, settle trades, answer support tickets and meet legal obligations. We do not sell your data.',
    rightsTitle: 'Your rights',
    rightsText:
      'You can update your profile and bank details at any time and ask support for a copy of your data.',
  },
  terms: {
    title: 'Terms of Service',
    intro: 'By opening an account you accept these terms.',
    contents: 'Contents',
    accountsTitle: 'Accounts',
    accountsText:
      'You need a valid referral key to register. You are responsible for keeping your password secret and for all activity on your account. One person, one account.',
    tradingTitle: 'Trading',
    tradingText:
      'A trade compares the market price at expiry with the entry price: Up wins if the price rose, Down wins if it fell, an unchanged price is a draw and returns the stake. Settled trades are final.',
    liabilityTitle: 'Liability',
    liabilityText:
      'Crypto prices are volatile and you can lose the amount you trade. We are not liable for losses caused by market movements or by your own decisions.',
  },
  support: {
    title: 'Online customer service',
    intro: 'Send us a message and our team will answer in a ticket thread in your account.',
    subject: 'Subject',
    email: 'Email',
    message: 'Message',
    submit: 'Send message',
    submitting: 'Sending...',
    faqTitle: 'Frequently asked questions',
    faq1Q: 'How fast do you reply?',
    faq1A: 'Replies usually arrive within 24 hours.',
    faq2Q: 'Where do I see the answer?',
    faq2A: 'In the ticket thread of your account dashboard. You also get a notification.',
    faq3Q: 'How long does a withdrawal take?',
    faq3A: 'Withdrawal requests are reviewed by our team. Their status is shown in your wallet.',
  },
};
