import type { Shape } from '../../types.ts';
import type { adminRisk as en } from '../en/admin-risk.ts';

export const adminRisk: Shape<typeof en> = {
  adminRisk: {
    exposureTitle: 'खुला जोखिम',
    exposureHint: 'असली पैसे के चालू ट्रेड, लाइव अपडेट। अभ्यास ट्रेड नहीं गिने जाते।',
    exposureFailed: 'जोखिम लोड नहीं हो सका।',
    coin: 'कॉइन',
    direction: 'दिशा',
    up: 'ऊपर',
    down: 'नीचे',
    trades: 'ट्रेड',
    stake: 'दांव',
    payoutIfAllWin: 'सभी जीतें तो भुगतान',
    netIfAllWin: 'सभी जीतें तो शुद्ध हानि',
    totalTrades: 'चालू ट्रेड',
    totalStake: 'कुल दांव',
    asOf: '{{time}} तक',
    empty: 'कोई चालू ट्रेड नहीं।',
    limitsTitle: 'सीमाएँ',
    limitsFailed: 'सीमाएँ लोड नहीं हो सकीं।',
    maxStakePerTrade: 'प्रति ट्रेड अधिकतम दांव (INR)',
    maxOpenStakePerCoin: 'प्रति उपयोगकर्ता प्रति कॉइन अधिकतम खुला दांव (INR)',
    noLimitHint: 'कोई सीमा न रखने के लिए खाली छोड़ें।',
    practiceNote: 'सीमाएँ असली पैसे के ट्रेड पर लागू होती हैं; अभ्यास ट्रेड इनसे बाहर हैं।',
  },
};
