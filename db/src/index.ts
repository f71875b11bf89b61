export * from './client.ts';
export { generatePassword, generateReferralCode } from './codes.ts';
export { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
export { dummyHash, hashPassword, verifyPassword } from './password.ts';
export * from './schema/index.ts';
export { type SeedOptions, type SeedResult, seed } from './seed.ts';
export {
  type ArchivedTick,
  archiveTicks,
  dropOldTickPartitions,
  ensureTickPartitions,
  lastTickAtOrBefore,
} from './ticks.ts';
