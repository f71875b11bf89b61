import { createNotification, type Db, type DbOrTx, type TicketMessageRow, type TicketRow } from '@app/db';
import {
  type AdminTicket,
  type AdminTicketSummary,
  type AdminTicketsQuery,
  type CreateTicketBody,
  MSG,
  type Pagination,
  type RequestUser,
  rooms,
  type Ticket,
  type TicketMessage,
  type TicketReplyBody,
  type TicketStatus,
  type TicketStatusBody,
  type TicketSummary,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { pagination } from '../../lib/sql.ts';
import type { IoServer } from '../../realtime/types.ts';
import { audit, auditContext } from '../audit/audit.ts';
import type { WalletEvents } from '../notifications/notifications.events.ts';
import {
  addTicketMessage,
  findTicket,
  findTicketWithUser,
  insertTicket,
  listAllTickets,
  listUserTickets,
  lockAndCountAwaitingTickets,
  lockTicket,
  setTicketStatus,
  ticketThread,
} from './tickets.repository.ts';

export type TicketsServiceDeps = {
  db: Db;
  /** Tickets one user may have waiting for support. */
  maxAwaiting: number;
  io: IoServer;
  notify: WalletEvents['notify'];
  log: FastifyBaseLogger;
};

export const toTicketSummary = (row: TicketRow): TicketSummary => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastMessageAt: row.lastMessageAt.toISOString(),
});

export const toTicketMessage = (row: TicketMessageRow): TicketMessage => ({
  id: row.id,
  senderRole: row.senderRole,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

const toAdminSummary = (row: TicketRow, user: RequestUser): AdminTicketSummary => ({
  ...toTicketSummary(row),
  user,
});

/** Shown in the user's notification: the start of the admin's reply. */
const EXCERPT_LENGTH = 200;
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/**
 * Support tickets. A user opens tickets and replies to their own (anyone else's does not exist
 * for them); admins list, answer and set the status of all. A reply sets whose turn it is: an
 * admin's makes the ticket answered, the user's customer_replied, closed ones included (a
 * user's reply reopens it). Live events go out after the commit; their failure is only logged.
 */
export function createTicketsService({ db, maxAwaiting, io, notify, log }: TicketsServiceDeps) {
  const toUser = (userId: string) => io.to(rooms.user(userId));
  const toAdmins = () => io.to(rooms.admins());

  async function announce(what: string, work: Array<() => Promise<void> | void>): Promise<void> {
    const results = await Promise.allSettled(work.map(async (send) => await send()));
    for (const r of results) {
      if (r.status === 'rejected') log.error({ err: r.reason }, `ticket ${what}: event not sent`);
    }
  }

  async function thread(tx: DbOrTx, row: TicketRow): Promise<Ticket> {
    return { ...toTicketSummary(row), messages: (await ticketThread(tx, row.id)).map(toTicketMessage) };
  }

  async function adminThread(tx: DbOrTx, id: string): Promise<AdminTicket> {
    const found = await findTicketWithUser(tx, id);
    if (!found) throw notFound();
    return { ...(await thread(tx, found.ticket)), user: found.user };
  }

  /** A reply by `senderRole`, with the status it brings; null when the ticket is not found. */
  async function reply(
    tx: DbOrTx,
    id: string,
    sender: { id: string; role: 'user' | 'admin' },
    message: string,
    ownerId?: string,
  ) {
    const before = await lockTicket(tx, id);
    if (!before || (ownerId !== undefined && before.userId !== ownerId)) return null;
    const status: TicketStatus = sender.role === 'admin' ? 'answered' : 'customer_replied';
    const written = await addTicketMessage(tx, {
      ticketId: id,
      senderId: sender.id,
      senderRole: sender.role,
      message,
      status,
    });
    return { before, ...written };
  }

  return {
    async create(
      userId: string,
      body: CreateTicketBody,
    ): Promise<{ id: string; ticket: Ticket; message: string }> {
      const { ticket, user } = await db.transaction(async (tx) => {
        if ((await lockAndCountAwaitingTickets(tx, userId)) >= maxAwaiting) {
          throw conflict(MSG.ticketsOpenTooMany);
        }
        const { ticket: row } = await insertTicket(tx, { userId, ...body });
        const found = await findTicketWithUser(tx, row.id);
        if (!found) throw new Error('new ticket not found');
        return { ticket: await thread(tx, row), user: found.user };
      });
      log.info({ ticketId: ticket.id, userId }, 'ticket opened');
      const { messages: _messages, ...summary } = ticket;
      await announce('opened', [() => void toAdmins().emit('ticket:new', { ticket: { ...summary, user } })]);
      return { id: ticket.id, ticket, message: MSG.ticketCreated };
    },

    async listMine(
      userId: string,
      query: { page: number; limit: number },
    ): Promise<{ items: TicketSummary[]; pagination: Pagination }> {
      const { rows, total } = await listUserTickets(db, {
        userId,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toTicketSummary), pagination: pagination(total, query.page, query.limit) };
    },

    async getMine(userId: string, id: string): Promise<Ticket> {
      const row = await findTicket(db, id);
      if (!row || row.userId !== userId) throw notFound();
      return thread(db, row);
    },

    async replyAsUser(userId: string, id: string, body: TicketReplyBody): Promise<{ ticket: Ticket }> {
      const result = await db.transaction(async (tx) => {
        const written = await reply(tx, id, { id: userId, role: 'user' }, body.message, userId);
        if (!written) return null;
        const found = await findTicketWithUser(tx, id);
        if (!found) return null;
        return { ...written, user: found.user, detail: await thread(tx, written.ticket) };
      });
      if (!result) throw notFound();
      const message = toTicketMessage(result.message);
      await announce('user reply', [
        () => void toUser(userId).emit('ticket:message', { ticket: toTicketSummary(result.ticket), message }),
        () =>
          void toAdmins().emit('ticket:message', {
            ticket: toAdminSummary(result.ticket, result.user),
            message,
          }),
      ]);
      return { ticket: result.detail };
    },

    async listAll(
      query: AdminTicketsQuery,
    ): Promise<{ items: AdminTicketSummary[]; pagination: Pagination }> {
      const { rows, total } = await listAllTickets(db, {
        status: query.status === 'all' ? undefined : query.status,
        search: query.search || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        items: rows.map((r) => toAdminSummary(r.ticket, r.user)),
        pagination: pagination(total, query.page, query.limit),
      };
    },

    async getAny(id: string): Promise<AdminTicket> {
      return adminThread(db, id);
    },

    /** An admin's reply: audited and notified to the user (type ticket_reply) in the same transaction. */
    async replyAsAdmin(
      id: string,
      body: TicketReplyBody,
      meta: RequestMeta,
    ): Promise<{ ticket: AdminTicket; message: string }> {
      const result = await db.transaction(async (tx) => {
        const written = await reply(tx, id, { id: meta.actor.id, role: 'admin' }, body.message);
        if (!written) return null;
        await audit(tx, {
          ...auditContext(meta),
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: id,
          before: { status: written.before.status },
          after: { status: written.ticket.status, messageId: written.message.id },
        });
        const notification = await createNotification(tx, {
          userId: written.ticket.userId,
          type: 'ticket_reply',
          title: 'Support replied to your ticket',
          body: `${written.ticket.subject}: ${excerpt(written.message.message)}`,
          data: { ticketId: id, messageId: written.message.id },
        });
        return { ...written, notification, detail: await adminThread(tx, id) };
      });
      if (!result) throw notFound();
      log.info({ ticketId: id, adminId: meta.actor.id }, 'ticket answered');
      const message = toTicketMessage(result.message);
      const summary = toTicketSummary(result.ticket);
      await announce('admin reply', [
        () => void toUser(result.ticket.userId).emit('ticket:message', { ticket: summary, message }),
        () =>
          void toAdmins().emit('ticket:message', {
            ticket: { ...summary, user: result.detail.user },
            message,
          }),
        () => notify(result.notification),
      ]);
      return { ticket: result.detail, message: MSG.ticketReplySent };
    },

    /** open, pending or closed, audited with the status before and after. */
    async setStatus(
      id: string,
      body: TicketStatusBody,
      meta: RequestMeta,
    ): Promise<{ ticket: AdminTicket; message: string }> {
      const result = await db.transaction(async (tx) => {
        const before = await lockTicket(tx, id);
        if (!before) return null;
        const row = await setTicketStatus(tx, id, body.status);
        await audit(tx, {
          ...auditContext(meta),
          action: 'ticket.status_change',
          targetType: 'ticket',
          targetId: id,
          before: { status: before.status },
          after: { status: row.status },
        });
        return { row, detail: await adminThread(tx, id) };
      });
      if (!result) throw notFound();
      log.info({ ticketId: id, status: body.status, adminId: meta.actor.id }, 'ticket status set');
      const summary = toTicketSummary(result.row);
      await announce('status', [
        () => void toUser(result.row.userId).emit('ticket:updated', { ticket: summary }),
        () => void toAdmins().emit('ticket:updated', { ticket: { ...summary, user: result.detail.user } }),
      ]);
      return { ticket: result.detail, message: MSG.ticketStatusSet };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
