import {
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  idParamsSchema,
  myWithdrawalsQuerySchema,
  withdrawalBodySchema,
  withdrawalCreatedResponseSchema,
  withdrawalDecisionResponseSchema,
  withdrawalDecisionSchema,
  withdrawalDetailResponseSchema,
  withdrawalsResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WriteLimits } from '../../config.ts';
import { unauthorized } from '../../lib/errors.ts';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses, optionalIdempotencyKeyHeaders } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { findUserById } from '../users/users.repository.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

/**
 * Withdrawals. A user asks (the amount is debited at once) and lists their own; admins list
 * everybody's and decide each once. No route takes a balance: the server moves the money.
 */
export type WithdrawalsRoutesOptions = { limits: WriteLimits['withdrawals'] };

const withdrawalsRoutes: FastifyPluginAsyncZod<WithdrawalsRoutesOptions> = async (app, opts) => {
  const service = createWithdrawalsService({
    db: app.db,
    maxPending: opts.limits.pending,
    events: createWalletEvents(app.io, app.db),
    log: app.log.child({ feature: 'withdrawals' }),
  });
  const tags = ['withdrawals'];

  app.post(
    '/withdrawals',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Ask for a withdrawal: the amount is debited now and returned if an admin rejects it. 201 for a new request; 200 with the same request for a retry with the same Idempotency-Key. 409 when too many of the caller’s withdrawals wait for review.',
        headers: optionalIdempotencyKeyHeaders,
        body: withdrawalBodySchema,
        response: {
          200: withdrawalCreatedResponseSchema,
          201: withdrawalCreatedResponseSchema,
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      // The bank details on the profile, as they are now (the session check keeps none).
      const requester = await findUserById(app.db, caller(request).id);
      if (!requester) throw unauthorized();
      const { created, answer } = await service.create(
        requester,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/withdrawals/my',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        querystring: myWithdrawalsQuerySchema,
        response: { 200: withdrawalsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.listMine(caller(request).id, request.query),
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Admins: every withdrawal, newest first; all statuses unless filtered.',
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listAll(request.query, caller(request).staff),
  );

  app.get(
    '/withdrawals/:id',
    {
      schema: {
        audience: 'both',
        tags,
        security: bearer,
        description:
          'One withdrawal with the user’s current bank details and its ledger entries: a user their own, staff those of the accounts they may see (404 for anyone else). ledgerEntry is the debit once decided (approved or rejected); returnEntry the credit of a rejection.',
        params: idParamsSchema,
        response: { 200: withdrawalDetailResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ withdrawal: await service.get(caller(request), request.params.id) }),
  );

  app.put(
    '/withdrawals/:id/status',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Approve (no money moves: it left with the request) or reject (the amount is returned) a pending withdrawal, with remarks the user sees.',
        params: idParamsSchema,
        body: withdrawalDecisionSchema,
        response: { 200: withdrawalDecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.decide(request.params.id, request.body, requestMeta(request)),
  );
};

export default withdrawalsRoutes;
