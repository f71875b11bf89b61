import { z } from 'zod';
import { MSG } from '../messages.ts';
import { multiLineText, pageQuery, singleLineText } from '../validation.ts';
import { paginationSchema, requestUserSchema } from './wallet.ts';

/**
 * Support tickets (user-side §2, §5; admin-side §2, §4, §7). A ticket is a subject and a thread
 * of messages between its user and the admins; its status says whose turn it is.
 */

// ---- constants --------------------------------------------------------------------------------

export const TICKET_STATUSES = ['open', 'pending', 'answered', 'customer_replied', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The statuses an admin sets by hand; replies set answered and customer_replied. */
export const ADMIN_TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type AdminTicketStatus = (typeof ADMIN_TICKET_STATUSES)[number];
export const TICKET_SENDER_ROLES = ['user', 'admin'] as const;
export type TicketSenderRole = (typeof TICKET_SENDER_ROLES)[number];

/** The dashboard shows 5 a page and asks for 6 to know whether a next page exists. */
export const TICKETS_DASHBOARD_PAGE_SIZE = 5;
export const MY_TICKETS_LIMIT = 6;
export const ADMIN_TICKETS_PAGE_SIZE = 20;
export const TICKETS_MAX_LIMIT = 100;
export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MIN = 10;
export const TICKET_MESSAGE_MAX = 5000;

// ---- requests ---------------------------------------------------------------------------------

const limit = (fallback: number) =>
  z.coerce.number().int().min(1).max(TICKETS_MAX_LIMIT).default(fallback).catch(fallback);

/** GET /api/tickets: the caller's own, most recent activity first. */
export const myTicketsQuerySchema = z.object({ page: pageQuery, limit: limit(MY_TICKETS_LIMIT) });

/** GET /api/admin/tickets: every status unless filtered; search by subject, name, username or email. */
export const adminTicketsQuerySchema = z.object({
  page: pageQuery,
  limit: limit(ADMIN_TICKETS_PAGE_SIZE),
  status: z
    .enum([...TICKET_STATUSES, 'all'])
    .optional()
    .catch(undefined),
  search: singleLineText(MSG.invalidInput).trim().max(100, MSG.textTooLong).optional(),
});
export type AdminTicketsQuery = z.output<typeof adminTicketsQuerySchema>;

/** POST /api/tickets: the contact form's rules (user-side §5), the contact email inside the message. */
export const createTicketSchema = z.strictObject({
  subject: singleLineText(MSG.ticketSubjectInvalid)
    .trim()
    .min(TICKET_SUBJECT_MIN, MSG.ticketSubjectInvalid)
    .max(TICKET_SUBJECT_MAX, MSG.textTooLong),
  message: multiLineText(MSG.ticketMessageTooShort)
    .trim()
    .min(TICKET_MESSAGE_MIN, MSG.ticketMessageTooShort)
    .max(TICKET_MESSAGE_MAX, MSG.textTooLong),
});
export type CreateTicketBody = z.output<typeof createTicketSchema>;

/** POST /api/tickets/{id}/messages and POST /api/admin/tickets/{id}/messages: not blank. */
export const ticketReplySchema = z.strictObject({
  message: multiLineText(MSG.ticketReplyEmpty)
    .trim()
    .min(1, MSG.ticketReplyEmpty)
    .max(TICKET_MESSAGE_MAX, MSG.textTooLong),
});
export type TicketReplyBody = z.output<typeof ticketReplySchema>;

/** PATCH /api/admin/tickets/{id}/status. */
export const ticketStatusBodySchema = z.strictObject({
  status: z.enum(ADMIN_TICKET_STATUSES, { error: MSG.invalidStatus }),
});
export type TicketStatusBody = z.output<typeof ticketStatusBodySchema>;

// ---- answers ----------------------------------------------------------------------------------

export const ticketMessageSchema = z.object({
  id: z.string(),
  senderRole: z.enum(TICKET_SENDER_ROLES),
  message: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket in a list: no messages. */
export const ticketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessageAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** A ticket with its thread, oldest message first. */
export const ticketSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type Ticket = z.infer<typeof ticketSchema>;

/** What admins see: the ticket's user too. */
export const adminTicketSummarySchema = ticketSummarySchema.extend({ user: requestUserSchema });
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;
export const adminTicketSchema = ticketSchema.extend({ user: requestUserSchema });
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const ticketsResponseSchema = z.object({
  items: z.array(ticketSummarySchema),
  pagination: paginationSchema,
});
export const adminTicketsResponseSchema = z.object({
  items: z.array(adminTicketSummarySchema),
  pagination: paginationSchema,
});
export const ticketResponseSchema = z.object({ ticket: ticketSchema });
export const adminTicketResponseSchema = z.object({ ticket: adminTicketSchema });
/** An admin's reply or status change: the ticket as it is now, and what happened. */
export const adminTicketAnswerSchema = adminTicketResponseSchema.extend({ message: z.string() });
/** POST /api/tickets (201): the new ticket, its id, and "Ticket created! ...". */
export const ticketCreatedResponseSchema = z.object({
  id: z.string(),
  ticket: ticketSchema,
  message: z.string(),
});

// ---- live events ------------------------------------------------------------------------------

/**
 * `ticket:message`: a reply, to the ticket user's room (the user's view of the ticket) and to
 * the admins room (with the user).
 */
export type TicketMessageEvent = {
  ticket: TicketSummary | AdminTicketSummary;
  message: TicketMessage;
};
/** `ticket:new`, to the admins room: a user opened a ticket. */
export type TicketNewEvent = { ticket: AdminTicketSummary };
/** `ticket:updated`: an admin set the status; to the user's room and the admins room. */
export type TicketUpdatedEvent = { ticket: TicketSummary | AdminTicketSummary };
