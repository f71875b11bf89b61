import type { Shape } from '../../types.ts';
import type { adminBroadcast as en } from '../en/admin-broadcast.ts';

export const adminBroadcast: Shape<typeof en> = {
  adminBroadcast: {
    templatesLabel: 'त्वरित टेम्पलेट',
    templates: {
      withdrawalApproved: {
        label: 'निकासी स्वीकृत',
        title: 'निकासी स्वीकृत',
        body: 'आपका निकासी अनुरोध स्वीकृत हो गया है। राशि आपके बैंक खाते में भेजी जा रही है।',
      },
      withdrawalRejected: {
        label: 'निकासी अस्वीकृत',
        title: 'निकासी अस्वीकृत',
        body: 'आपका निकासी अनुरोध अस्वीकार कर दिया गया। राशि आपके बैलेंस में वापस आ गई है।',
      },
      creditAdded: { label: 'क्रेडिट जोड़ा गया' },
      ticketReply: {
        label: 'टिकट का जवाब',
        title: 'आपके टिकट पर नया जवाब',
        body: 'हमारी सहायता टीम ने आपके टिकट का जवाब दिया है।',
      },
    },
    creditNeedsUser:
      'क्रेडिट की सूचना उसके बैलेंस समायोजन से जाती है: एक उपयोगकर्ता चुनें, उपयोगकर्ता दर्ज करें, और यह टेम्पलेट उनका बैलेंस जोड़ें डायलॉग खोलेगा।',
    audience: 'प्राप्तकर्ता',
    audiences: {
      user: 'एक उपयोगकर्ता',
      userIds: 'उपयोगकर्ता आईडी',
      emails: 'ईमेल पते',
      role: 'किसी भूमिका के सभी',
      all: 'सभी उपयोगकर्ता',
    },
    user: 'उपयोगकर्ता नाम, ईमेल या उपयोगकर्ता आईडी',
    userIds: 'उपयोगकर्ता आईडी (स्पेस, कॉमा, सेमीकोलन या नई पंक्ति से अलग)',
    emails: 'ईमेल पते (स्पेस, कॉमा, सेमीकोलन या नई पंक्ति से अलग)',
    listHint: '{{count}} प्राप्तकर्ता',
    role: 'भूमिका',
    chooseRole: 'भूमिका चुनें',
    type: 'प्रकार',
    types: { system: 'सिस्टम', withdrawal: 'निकासी', credit: 'क्रेडिट', ticket_reply: 'टिकट का जवाब' },
    title: 'शीर्षक',
    body: 'संदेश',
    data: 'डेटा (JSON)',
    dataHint: 'वैकल्पिक JSON ऑब्जेक्ट; खाली का अर्थ {} है।',
    preview: 'पूर्वावलोकन',
    previewTitle: '(अभी कोई शीर्षक नहीं)',
    progress: 'भेजा जा रहा है: {{recipients}} में से {{processed}} उपयोगकर्ता पूरे',
    sent: '{{recipients}} उपयोगकर्ता(ओं) को भेजा गया। {{created}} सूचना(एँ) बनाई गईं।',
    send: 'भेजें',
    sending: 'भेजा जा रहा है...',
  },
};
