// The offline page in the language the app was last used in (the app keeps it in
// localStorage under "lang"); the page has no access to the app's bundles.
(() => {
  const texts = {
    fr: {
      title: 'Vous êtes hors ligne',
      body: 'Les cours, les transactions et votre portefeuille nécessitent une connexion. Rien n’est affiché de mémoire : ce que vous voyez n’est jamais périmé.',
      retry: 'Réessayer',
    },
    de: {
      title: 'Sie sind offline',
      body: 'Kurse, Trades und Ihr Wallet brauchen eine Verbindung. Nichts wird aus dem Speicher angezeigt, daher ist nichts veraltet.',
      retry: 'Erneut versuchen',
    },
    hi: {
      title: 'आप ऑफ़लाइन हैं',
      body: 'कीमतों, ट्रेड और आपके वॉलेट के लिए कनेक्शन ज़रूरी है। कुछ भी पुरानी जानकारी से नहीं दिखाया जाता, इसलिए जो आप देखते हैं वह कभी पुराना नहीं होता।',
      retry: 'फिर से कोशिश करें',
    },
  };
  let lang = null;
  try {
    lang = window.localStorage.getItem('lang');
  } catch {
    // storage unavailable: English
  }
  const chosen = lang && Object.hasOwn(texts, lang) ? texts[lang] : null;
  if (!chosen) return;
  document.documentElement.lang = lang;
  document.title = `${chosen.title} · CoinPulse`;
  for (const el of document.querySelectorAll('[data-text]')) {
    const key = el.getAttribute('data-text');
    if (key && chosen[key]) el.textContent = chosen[key];
  }
})();
