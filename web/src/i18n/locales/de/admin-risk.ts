import type { Shape } from '../../types.ts';
import type { adminRisk as en } from '../en/admin-risk.ts';

export const adminRisk: Shape<typeof en> = {
  adminRisk: {
    exposureTitle: 'Offenes Risiko',
    exposureHint: 'Laufende Echtgeld-Trades, live aktualisiert. Übungs-Trades zählen nicht.',
    exposureFailed: 'Das Risiko konnte nicht geladen werden.',
    coin: 'Coin',
    direction: 'Richtung',
    up: 'Steigt',
    down: 'Fällt',
    trades: 'Geschäfte',
    stake: 'Einsatz',
    payoutIfAllWin: 'Auszahlung, wenn alle gewinnen',
    netIfAllWin: 'Nettoverlust, wenn alle gewinnen',
    totalTrades: 'Laufende Trades',
    totalStake: 'Einsatz gesamt',
    asOf: 'Stand {{time}}',
    empty: 'Keine laufenden Trades.',
    limitsTitle: 'Grenzwerte',
    limitsFailed: 'Die Limits konnten nicht geladen werden.',
    maxStakePerTrade: 'Höchsteinsatz pro Trade (INR)',
    maxOpenStakePerCoin: 'Offener Höchsteinsatz pro Benutzer und Coin (INR)',
    noLimitHint: 'Leer lassen für kein Limit.',
    practiceNote: 'Die Limits gelten für Echtgeld-Trades; Übungs-Trades sind ausgenommen.',
  },
};
