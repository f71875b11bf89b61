import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { roleEnum, users } from './users.ts';

export const deviceTypeEnum = pgEnum('device_type', ['mobile', 'desktop', 'tablet', 'unknown']);

/** One row per login attempt, successful or not. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** What was typed, for failed attempts that match no account. */
    identifier: text().notNull(),
    username: text(),
    email: text(),
    role: roleEnum(),
    success: boolean().notNull(),
    failureReason: text(),
    deviceType: deviceTypeEnum().notNull().default('unknown'),
    userAgent: text().notNull().default(''),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_history_created_idx').on(t.createdAt.desc()),
    index('login_history_user_idx').on(t.userId, t.createdAt.desc()),
    // The admin stats recount (migration 0016 adds INCLUDE (user_id, device_type)).
    index('login_history_success_created_idx').on(t.createdAt).where(sql`${t.success}`),
  ],
);
export type LoginHistoryRow = typeof loginHistory.$inferSelect;

/** Every admin and superadmin write: who, what, when, before, after, reason. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    actorId: uuid(),
    actorRole: roleEnum(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    reason: text(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * Sign-in attempts of one account inside the counting window, and the lock they led to, per lane
 * (migrations 0014, 0025): `known` for the address the account last signed in from
 * (`address`), `elsewhere` for every other one, so guesses from elsewhere do not lock the owner
 * out at their usual address. An attempt is counted before its password or code is checked; a
 * success or an unlock clears it. The gateway's login lock reads and writes it.
 */
export const loginLocks = pgTable(
  'login_locks',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lane: text().notNull().default('elsewhere'),
    /** The known lane's address (the last successful sign-in's); null on the `elsewhere` lane. */
    address: text(),
    failures: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'`),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'login_locks_pkey', columns: [t.userId, t.lane] }),
    check('login_locks_lane', sql`${t.lane} IN ('known', 'elsewhere')`),
  ],
);
export type LoginLockRow = typeof loginLocks.$inferSelect;
