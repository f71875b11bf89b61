export * from './activity.ts';
export * from './ledger.ts';
export * from './market.ts';
export * from './referral-keys.ts';
export * from './settings.ts';
export * from './trades.ts';
export * from './users.ts';
export * from './wallet.ts';
