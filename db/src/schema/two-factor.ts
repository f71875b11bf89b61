import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Two-factor sign-in of a user (migration 0022). `secret` is the TOTP secret encrypted by the
 * gateway; `enabledAt` is null while a setup waits for its first code; `lastTimeStep` keeps a
 * code from being accepted twice; `recoveryCodes` holds SHA-256 hashes of the unused codes.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastTimeStep: bigint({ mode: 'number' }),
  recoveryCodes: text().array().notNull().default(sql`'{}'`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type TwoFactorRow = typeof twoFactor.$inferSelect;
