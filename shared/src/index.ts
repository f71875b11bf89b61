export * from './constants.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './schemas/admin.ts';
export * from './schemas/auth.ts';
export * from './schemas/user.ts';
export * from './validation.ts';
