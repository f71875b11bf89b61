export * from './activity.ts';
export * from './market.ts';
export * from './referral-keys.ts';
export * from './settings.ts';
export * from './users.ts';
