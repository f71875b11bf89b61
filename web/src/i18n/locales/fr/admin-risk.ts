import type { Shape } from '../../types.ts';
import type { adminRisk as en } from '../en/admin-risk.ts';

export const adminRisk: Shape<typeof en> = {
  adminRisk: {
    exposureTitle: 'Exposition ouverte',
    exposureHint:
      'Trades en argent réel en cours, mis à jour en direct. Les trades d’entraînement ne comptent pas.',
    exposureFailed: 'Impossible de charger l’exposition.',
    coin: 'Crypto',
    direction: 'Sens',
    up: 'Hausse',
    down: 'Baisse',
    trades: 'Ordres',
    stake: 'Mise',
    payoutIfAllWin: 'Payé si tous gagnent',
    netIfAllWin: 'Perte nette si tous gagnent',
    totalTrades: 'Trades en cours',
    totalStake: 'Mise totale',
    asOf: 'À {{time}}',
    empty: 'Aucun trade en cours.',
    limitsTitle: 'Limites',
    limitsFailed: 'Impossible de charger les limites.',
    maxStakePerTrade: 'Mise maximale par trade (INR)',
    maxOpenStakePerCoin: 'Mise ouverte maximale par utilisateur et par crypto (INR)',
    noLimitHint: 'Laisser vide pour aucune limite.',
    practiceNote:
      'Les limites s’appliquent aux trades en argent réel ; les trades d’entraînement en sont exclus.',
  },
};
