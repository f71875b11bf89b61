import {
  adminTicketAnswerSchema,
  adminTicketResponseSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
  createTicketSchema,
  idParamsSchema,
  MSG,
  myTicketsQuerySchema,
  ticketCreatedResponseSchema,
  ticketReplySchema,
  ticketResponseSchema,
  ticketStatusBodySchema,
  ticketsResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WriteLimits } from '../../config.ts';
import { hourlyRate } from '../../lib/rate-limit.ts';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { createTicketsService } from './tickets.service.ts';

export type TicketsRoutesOptions = { limits: WriteLimits['tickets'] };

/**
 * Support tickets. A user opens tickets, reads and answers their own (another user's answers
 * 404); admins list all of them, answer and set the status. Replies reach the other side live
 * (`ticket:message`), new tickets reach the admins (`ticket:new`).
 */
const ticketsRoutes: FastifyPluginAsyncZod<TicketsRoutesOptions> = async (app, opts) => {
  const service = createTicketsService({
    db: app.db,
    maxAwaiting: opts.limits.open,
    io: app.io,
    notify: createWalletEvents(app.io, app.db).notify,
    log: app.log.child({ feature: 'tickets' }),
  });
  const tags = ['tickets'];
  const openRate = hourlyRate(app, {
    name: 'tickets',
    max: opts.limits.perHour,
    message: MSG.ticketsTooMany,
  });

  app.get(
    '/tickets',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'The caller’s tickets, latest activity first; 6 a page by default (the dashboard shows 5).',
        querystring: myTicketsQuerySchema,
        response: { 200: ticketsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.listMine(caller(request).id, request.query),
  );

  app.post(
    '/tickets',
    {
      preHandler: openRate,
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Open a ticket: subject (3+ characters) and first message (10+ characters). 429 with Retry-After when the caller opened too many within the hour; 409 when too many of theirs wait for support (open, pending or customer replied).',
        body: createTicketSchema,
        response: { 201: ticketCreatedResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request).id, request.body)),
  );

  app.get(
    '/tickets/:id',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'One of the caller’s tickets with its thread, oldest message first; anyone else’s is 404.',
        params: idParamsSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ ticket: await service.getMine(caller(request).id, request.params.id) }),
  );

  app.post(
    '/tickets/:id/messages',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Reply to one of the caller’s tickets: the status becomes customer_replied (a closed ticket reopens).',
        params: idParamsSchema,
        body: ticketReplySchema,
        response: { 201: ticketResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.replyAsUser(caller(request).id, request.params.id, request.body)),
  );

  app.get(
    '/admin/tickets',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Admins: every ticket with its user, latest activity first; filter by status, search subject, name, username or email.',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listAll(request.query),
  );

  app.get(
    '/admin/tickets/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: adminTicketResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ ticket: await service.getAny(request.params.id) }),
  );

  app.patch(
    '/admin/tickets/:id/status',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Set open, pending or closed (audited).',
        params: idParamsSchema,
        body: ticketStatusBodySchema,
        response: { 200: adminTicketAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setStatus(request.params.id, request.body, requestMeta(request)),
  );

  app.post(
    '/admin/tickets/:id/messages',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Answer a ticket (audited): the status becomes answered and the user gets a ticket_reply notification.',
        params: idParamsSchema,
        body: ticketReplySchema,
        response: { 201: adminTicketAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.replyAsAdmin(request.params.id, request.body, requestMeta(request))),
  );
};

export default ticketsRoutes;
