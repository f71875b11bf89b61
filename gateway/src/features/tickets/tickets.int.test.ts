import { auditLog, notifications, tickets } from '@app/db';
import { type AdminTicket, MSG, type Ticket, type TicketStatus } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildIsolatedApp, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, next, record } from '../../test/socket-client.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let admin: TestUser;

beforeAll(async () => {
  ({ app, close } = await buildIsolatedApp());
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? auth(token) : {}, payload });

const SUBJECT = 'Withdrawal not received';
const MESSAGE = 'My withdrawal from yesterday has not arrived yet.\n\nContact email: a@example.com';

async function open(user: TestUser, subject = SUBJECT): Promise<Ticket> {
  const res = await call('POST', '/api/tickets', user.token, { subject, message: MESSAGE });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket;
}
const userReply = (user: TestUser, id: string, message: string) =>
  call('POST', `/api/tickets/${id}/messages`, user.token, { message });
const adminReply = (id: string, message: string, token = admin.token) =>
  call('POST', `/api/admin/tickets/${id}/messages`, token, { message });
const setStatus = (id: string, status: string, token = admin.token) =>
  call('PATCH', `/api/admin/tickets/${id}/status`, token, { status });
const statusOf = async (id: string): Promise<TicketStatus | undefined> =>
  (await app.db.select({ s: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]?.s;

describe('a user’s tickets', () => {
  it('opens a ticket with its first message and the spec’s answer', async () => {
    const user = await createUser(app);
    const res = await call('POST', '/api/tickets', user.token, {
      subject: `  ${SUBJECT} `,
      message: MESSAGE,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG.ticketCreated);
    expect(body.id).toBe(body.ticket.id);
    expect(body.ticket).toMatchObject({ subject: SUBJECT, status: 'open' });
    expect(body.ticket.messages).toEqual([
      { id: expect.any(String), senderRole: 'user', message: MESSAGE, createdAt: body.ticket.createdAt },
    ]);
    const read = await call('GET', `/api/tickets/${body.id}`, user.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().ticket).toEqual(body.ticket);
  });

  it.each([
    [{ subject: 'ab', message: MESSAGE }, MSG.ticketSubjectInvalid],
    [{ subject: '  ab  ', message: MESSAGE }, MSG.ticketSubjectInvalid],
    [{ message: MESSAGE }, MSG.ticketSubjectInvalid],
    [{ subject: SUBJECT, message: 'too short' }, MSG.ticketMessageTooShort],
    [{ subject: SUBJECT, message: '          ' }, MSG.ticketMessageTooShort],
    [{ subject: SUBJECT }, MSG.ticketMessageTooShort],
    [{ subject: SUBJECT, message: 'x'.repeat(5001) }, MSG.textTooLong],
    [{ subject: 'Bad\u0007subject', message: MESSAGE }, MSG.textControlCharacters],
  ])('refuses %j with the spec message, storing nothing', async (payload, message) => {
    const user = await createUser(app);
    const res = await call('POST', '/api/tickets', user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await app.db.$count(tickets, eq(tickets.userId, user.id))).toBe(0);
  });

  it('refuses fields it does not know', async () => {
    const user = await createUser(app);
    const res = await call('POST', '/api/tickets', user.token, {
      subject: SUBJECT,
      message: MESSAGE,
      status: 'closed',
    });
    expect(res.statusCode).toBe(400);
    expect(await app.db.$count(tickets, eq(tickets.userId, user.id))).toBe(0);
  });

  it('lists only the caller’s own, latest activity first, 6 a page by default', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    await open(other, 'Someone else');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await open(user, `Question ${i}`)).id);
    const first = await call('GET', '/api/tickets', user.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.pagination).toEqual({ total: 7, page: 1, limit: 6, pages: 2 });
    expect(page1.items.map((t: Ticket) => t.id)).toEqual(ids.slice(1).reverse());
    expect(page1.items[0]).not.toHaveProperty('messages');
    const page2 = (await call('GET', '/api/tickets?page=2', user.token)).json();
    expect(page2.items.map((t: Ticket) => t.id)).toEqual([ids[0]]);

    // A reply moves the ticket to the top.
    expect((await userReply(user, ids[0] as string, 'Any news?')).statusCode).toBe(201);
    const again = (await call('GET', '/api/tickets?limit=5', user.token)).json();
    expect(again.items[0]).toMatchObject({ id: ids[0], status: 'customer_replied' });
    expect(again.items).toHaveLength(5);
  });

  it('refuses another user’s ticket as if it did not exist', async () => {
    const owner = await createUser(app);
    const stranger = await createUser(app);
    const ticket = await open(owner);
    const read = await call('GET', `/api/tickets/${ticket.id}`, stranger.token);
    expect(read.statusCode).toBe(404);
    const reply = await userReply(stranger, ticket.id, 'I can write here?');
    expect(reply.statusCode).toBe(404);
    const unknown = await call('GET', `/api/tickets/${crypto.randomUUID()}`, owner.token);
    expect(unknown.statusCode).toBe(404);
    const thread = (await call('GET', `/api/tickets/${ticket.id}`, owner.token)).json().ticket as Ticket;
    expect(thread.messages).toHaveLength(1);
    expect(thread.status).toBe('open');
  });

  it('refuses a blank reply', async () => {
    const user = await createUser(app);
    const ticket = await open(user);
    for (const message of ['', '   \n  ']) {
      const res = await userReply(user, ticket.id, message);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.ticketReplyEmpty);
      const refused = await adminReply(ticket.id, message);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.ticketReplyEmpty);
    }
    expect(
      ((await call('GET', `/api/tickets/${ticket.id}`, user.token)).json().ticket as Ticket).messages,
    ).toHaveLength(1);
  });
});

describe('access', () => {
  it('answers 401 without a session on every ticket route', async () => {
    const id = crypto.randomUUID();
    for (const [method, url, payload] of [
      ['GET', '/api/tickets', undefined],
      ['POST', '/api/tickets', { subject: SUBJECT, message: MESSAGE }],
      ['GET', `/api/tickets/${id}`, undefined],
      ['POST', `/api/tickets/${id}/messages`, { message: 'hello' }],
      ['GET', '/api/admin/tickets', undefined],
      ['GET', `/api/admin/tickets/${id}`, undefined],
      ['PATCH', `/api/admin/tickets/${id}/status`, { status: 'closed' }],
      ['POST', `/api/admin/tickets/${id}/messages`, { message: 'hello' }],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to a user on the admin routes, changing nothing', async () => {
    const user = await createUser(app);
    const ticket = await open(user);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/tickets', undefined],
      ['GET', `/api/admin/tickets/${ticket.id}`, undefined],
      ['PATCH', `/api/admin/tickets/${ticket.id}/status`, { status: 'closed' }],
      ['POST', `/api/admin/tickets/${ticket.id}/messages`, { message: 'I answer myself' }],
    ] as const) {
      const res = await call(method, url, user.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const thread = (await call('GET', `/api/tickets/${ticket.id}`, user.token)).json().ticket as Ticket;
    expect(thread).toMatchObject({ status: 'open', messages: [{ senderRole: 'user' }] });
  });
});

describe('status transitions', () => {
  it('moves through every status as replies and admins set it', async () => {
    const user = await createUser(app);
    const ticket = await open(user);
    expect(await statusOf(ticket.id)).toBe('open');

    const answered = await adminReply(ticket.id, 'We are checking with the bank.');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().message).toBe(MSG.ticketReplySent);
    expect(answered.json().ticket.status).toBe('answered');

    expect((await userReply(user, ticket.id, 'Thank you')).json().ticket.status).toBe('customer_replied');

    const steps: Array<[string, TicketStatus]> = [
      ['pending', 'pending'],
      ['open', 'open'],
      ['closed', 'closed'],
    ];
    for (const [status, expected] of steps) {
      const res = await setStatus(ticket.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.ticketStatusSet, ticket: { status: expected } });
      expect(await statusOf(ticket.id)).toBe(expected);
    }

    // A user's reply reopens a closed ticket; so does an admin's (as answered).
    const reopened = await userReply(user, ticket.id, 'It still has not arrived.');
    expect(reopened.json().ticket.status).toBe('customer_replied');
    expect((await setStatus(ticket.id, 'closed')).statusCode).toBe(200);
    expect((await adminReply(ticket.id, 'Reopening: the bank confirmed.')).json().ticket.status).toBe(
      'answered',
    );

    const thread = (await call('GET', `/api/tickets/${ticket.id}`, user.token)).json().ticket as Ticket;
    expect(thread.messages.map((m) => m.senderRole)).toEqual(['user', 'admin', 'user', 'user', 'admin']);
    expect(thread.messages.map((m) => m.message)).toEqual([
      MESSAGE,
      'We are checking with the bank.',
      'Thank you',
      'It still has not arrived.',
      'Reopening: the bank confirmed.',
    ]);
  });

  it.each(['answered', 'customer_replied', 'resolved', ''])('refuses the status %j', async (status) => {
    const user = await createUser(app);
    const ticket = await open(user);
    const res = await setStatus(ticket.id, status);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidStatus);
    expect(await statusOf(ticket.id)).toBe('open');
  });

  it('answers 404 for an unknown ticket', async () => {
    const id = crypto.randomUUID();
    expect((await setStatus(id, 'closed')).statusCode).toBe(404);
    expect((await adminReply(id, 'hello')).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/tickets/${id}`, admin.token)).statusCode).toBe(404);
  });
});

describe('admins', () => {
  it('see the thread with the user, and audit replies and status changes', async () => {
    const user = await createUser(app);
    const ticket = await open(user);
    const detail = (await call('GET', `/api/admin/tickets/${ticket.id}`, admin.token)).json()
      .ticket as AdminTicket;
    expect(detail.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(detail.messages).toHaveLength(1);

    await adminReply(ticket.id, 'Looking into it.');
    await setStatus(ticket.id, 'pending');
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, ticket.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actorId, r.before, r.after])).toEqual([
      ['ticket.reply', admin.id, { status: 'open' }, { status: 'answered', messageId: expect.any(String) }],
      ['ticket.status_change', admin.id, { status: 'answered' }, { status: 'pending' }],
    ]);
  });

  it('an admin reply notifies the user (ticket_reply); a user reply does not', async () => {
    const user = await createUser(app);
    const ticket = await open(user);
    await userReply(user, ticket.id, 'Adding details.');
    expect(await app.db.$count(notifications, eq(notifications.userId, user.id))).toBe(0);
    await adminReply(ticket.id, 'Your money was sent today.');
    const [n] = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(n).toMatchObject({
      type: 'ticket_reply',
      title: 'Support replied to your ticket',
      body: `${SUBJECT}: Your money was sent today.`,
      data: { ticketId: ticket.id, messageId: expect.any(String) },
    });
  });

  it('filter by status and search by subject, username or email', async () => {
    const user = await createUser(app);
    const a = await open(user, 'Zebra deposit question');
    const b = await open(user, 'Another topic');
    await setStatus(b.id, 'closed');
    const list = async (query: string) =>
      (await call('GET', `/api/admin/tickets${query}`, admin.token))
        .json()
        .items.map((t: { id: string }) => t.id);
    expect(await list('?search=zebra')).toEqual([a.id]);
    expect(await list(`?search=${user.username}`)).toEqual([b.id, a.id]);
    expect(await list(`?search=${user.username}&status=closed`)).toEqual([b.id]);
    expect(await list(`?search=${user.username}&status=open`)).toEqual([a.id]);
    expect(await list(`?search=${encodeURIComponent(user.email)}&status=all`)).toEqual([b.id, a.id]);
    const res = await call('GET', `/api/admin/tickets?search=${user.username}`, admin.token);
    expect(res.json().items[0].user).toMatchObject({ id: user.id, email: user.email });
    expect(res.json().pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1 });
  });
});

describe('live events', () => {
  let url: string;
  beforeAll(async () => {
    url = await listen(app);
  });

  it('a new ticket reaches the admins; replies reach the other side on a real socket', async () => {
    const user = await createUser(app);
    const strangerUser = await createUser(app);
    const [userSocket, adminSocket, stranger] = await Promise.all([
      connected(url, user.token),
      connected(url, admin.token),
      connected(url, strangerUser.token),
    ]);
    try {
      const overheard = record(stranger, 'ticket:message');
      const overheardNew = record(stranger, 'ticket:new');
      const created = next(adminSocket, 'ticket:new');
      const ticket = await open(user);
      expect((await created).ticket).toMatchObject({
        id: ticket.id,
        subject: SUBJECT,
        status: 'open',
        user: { id: user.id, email: user.email },
      });

      const toAdmins = next(adminSocket, 'ticket:message');
      const echo = next(userSocket, 'ticket:message');
      await userReply(user, ticket.id, 'Hello, anyone?');
      const seenByAdmin = await toAdmins;
      expect(seenByAdmin.ticket).toMatchObject({
        id: ticket.id,
        status: 'customer_replied',
        user: { id: user.id },
      });
      expect(seenByAdmin.message).toMatchObject({ senderRole: 'user', message: 'Hello, anyone?' });
      expect((await echo).message.message).toBe('Hello, anyone?');

      const toUser = next(userSocket, 'ticket:message');
      const notification = next(userSocket, 'notification');
      const adminEcho = next(adminSocket, 'ticket:message');
      await adminReply(ticket.id, 'Yes, we are here.');
      const seenByUser = await toUser;
      expect(seenByUser.ticket).toMatchObject({ id: ticket.id, status: 'answered' });
      expect(seenByUser.ticket).not.toHaveProperty('user');
      expect(seenByUser.message).toMatchObject({ senderRole: 'admin', message: 'Yes, we are here.' });
      const n = await notification;
      expect(n.notification).toMatchObject({ type: 'ticket_reply', data: { ticketId: ticket.id } });
      expect(n.unread).toBe(1);
      expect((await adminEcho).message.senderRole).toBe('admin');

      const updated = next(userSocket, 'ticket:updated');
      await setStatus(ticket.id, 'closed');
      expect((await updated).ticket).toMatchObject({ id: ticket.id, status: 'closed' });

      expect(overheard).toEqual([]);
      expect(overheardNew).toEqual([]);
    } finally {
      userSocket.disconnect();
      adminSocket.disconnect();
      stranger.disconnect();
    }
  });
});
