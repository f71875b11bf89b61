import type { Shape } from '../../types.ts';
import type { tickets as en } from '../en/tickets.ts';

export const tickets: Shape<typeof en> = {
  tickets: {
    title: 'टिकट',
    empty: 'अभी कोई टिकट नहीं। ग्राहक सेवा पेज से एक टिकट खोलें।',
    loadFailed: 'टिकट लोड नहीं हो सके।',
    thread: 'टिकट वार्तालाप',
    threadLoadFailed: 'टिकट लोड नहीं हो सका।',
    status: 'स्थिति',
    you: 'आप',
    support: 'सहायता टीम',
    reply: 'आपका जवाब',
    send: 'जवाब भेजें',
    sending: 'भेजा जा रहा है...',
    replyFailed: 'जवाब नहीं भेजा जा सका।',
    statuses: {
      open: 'खुला',
      pending: 'लंबित',
      answered: 'उत्तर दिया गया',
      customer_replied: 'ग्राहक ने जवाब दिया',
      closed: 'बंद',
    },
    admin: {
      title: 'सहायता टिकट',
      listLabel: 'टिकट सूची',
      statusFilter: 'स्थिति',
      all: 'सभी',
      searchPlaceholder: 'विषय, नाम, यूज़रनेम या ईमेल',
      empty: 'कोई टिकट नहीं',
      select: 'वार्तालाप पढ़ने के लिए एक टिकट चुनें।',
      setOpen: 'खोलें',
      setPending: 'लंबित करें',
      setClose: 'बंद करें',
      statusFailed: 'स्थिति नहीं बदली जा सकी।',
    },
  },
};
