import { TICKET_SENDER_ROLES, TICKET_STATUSES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Support tickets: a subject and a thread of messages between the ticket's user and the admins.
 * `status` says whose turn it is; `last_message_at` orders the lists by latest activity.
 */
export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);
export const ticketSenderRoleEnum = pgEnum('ticket_sender_role', TICKET_SENDER_ROLES);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    subject: text().notNull(),
    status: ticketStatusEnum().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_last_message_idx').on(t.userId, t.lastMessageAt.desc()),
    index('tickets_status_last_message_idx').on(t.status, t.lastMessageAt.desc()),
    index('tickets_last_message_idx').on(t.lastMessageAt.desc()),
    check('tickets_subject_not_blank', sql`length(btrim(${t.subject})) > 0`),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id),
    /** Who wrote it: the ticket's user, or the admin who answered. */
    senderId: uuid()
      .notNull()
      .references(() => users.id),
    senderRole: ticketSenderRoleEnum().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_created_idx').on(t.ticketId, t.createdAt),
    check('ticket_messages_message_not_blank', sql`length(btrim(${t.message})) > 0`),
  ],
);
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
