import { type DbOrTx, type TicketMessageRow, type TicketRow, ticketMessages, tickets, users } from '@app/db';
import type { RequestUser, TicketSenderRole, TicketStatus } from '@app/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql.ts';

const ticketUser = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
};

/** Latest activity first; the id breaks ties so pages never overlap. */
const latestFirst = [desc(tickets.lastMessageAt), desc(tickets.id)];

type Page = { limit: number; offset: number };

/** The statuses in which a ticket waits for support. */
const AWAITING_SUPPORT: TicketStatus[] = ['open', 'pending', 'customer_replied'];

/**
 * The user's tickets waiting for support, counted under a lock on the user's new tickets held
 * until the transaction ends: two tickets opened at once are counted one after the other.
 */
export async function lockAndCountAwaitingTickets(tx: DbOrTx, userId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tickets:${userId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), inArray(tickets.status, AWAITING_SUPPORT)));
  return row?.n ?? 0;
}

/** A new ticket with its first message, in the caller's transaction. */
export async function insertTicket(
  tx: DbOrTx,
  input: { userId: string; subject: string; message: string },
): Promise<{ ticket: TicketRow; message: TicketMessageRow }> {
  const [ticket] = await tx
    .insert(tickets)
    .values({ userId: input.userId, subject: input.subject })
    .returning();
  if (!ticket) throw new Error('ticket insert returned no row');
  const [message] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      senderId: input.userId,
      senderRole: 'user',
      message: input.message,
      createdAt: ticket.createdAt,
    })
    .returning();
  if (!message) throw new Error('ticket message insert returned no row');
  return { ticket, message };
}

/** The ticket, locked for the rest of the transaction: replies and status changes queue on it. */
export async function lockTicket(tx: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

/** A reply, and the ticket's new status and activity time. */
export async function addTicketMessage(
  tx: DbOrTx,
  input: {
    ticketId: string;
    senderId: string;
    senderRole: TicketSenderRole;
    message: string;
    status: TicketStatus;
  },
): Promise<{ ticket: TicketRow; message: TicketMessageRow }> {
  const [message] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: input.ticketId,
      senderId: input.senderId,
      senderRole: input.senderRole,
      message: input.message,
    })
    .returning();
  if (!message) throw new Error('ticket message insert returned no row');
  const [ticket] = await tx
    .update(tickets)
    .set({ status: input.status, updatedAt: message.createdAt, lastMessageAt: message.createdAt })
    .where(eq(tickets.id, input.ticketId))
    .returning();
  if (!ticket) throw new Error('ticket update returned no row');
  return { ticket, message };
}

export async function setTicketStatus(tx: DbOrTx, id: string, status: TicketStatus): Promise<TicketRow> {
  const [ticket] = await tx
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tickets.id, id))
    .returning();
  if (!ticket) throw new Error('ticket update returned no row');
  return ticket;
}

/** The thread, oldest first. */
export async function ticketThread(db: DbOrTx, ticketId: string): Promise<TicketMessageRow[]> {
  return db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function findTicketWithUser(
  db: DbOrTx,
  id: string,
): Promise<{ ticket: TicketRow; user: RequestUser } | undefined> {
  const [row] = await db
    .select({ ticket: tickets, user: ticketUser })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, id));
  return row;
}

/** One page of the user's own tickets. */
export async function listUserTickets(
  db: DbOrTx,
  opts: { userId: string } & Page,
): Promise<{ rows: TicketRow[]; total: number }> {
  const where = eq(tickets.userId, opts.userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(...latestFirst)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * One page of everybody's tickets with their users. `search` matches, without regard to case,
 * the subject, the user's first, last or full name, username or email.
 */
export async function listAllTickets(
  db: DbOrTx,
  opts: { status?: TicketStatus; search?: string } & Page,
): Promise<{ rows: Array<{ ticket: TicketRow; user: RequestUser }>; total: number }> {
  const conditions: SQL[] = [];
  if (opts.status !== undefined) conditions.push(eq(tickets.status, opts.status));
  if (opts.search) {
    const pattern = containsPattern(opts.search);
    const matches = or(
      ilike(tickets.subject, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ilike(users.username, pattern),
      ilike(users.email, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ ticket: tickets, user: ticketUser })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(...latestFirst)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
