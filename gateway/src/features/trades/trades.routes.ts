import {
  cancelTradeResponseSchema,
  cancelTradeSchema,
  idParamsSchema,
  placeTradeResponseSchema,
  placeTradeSchema,
  tradeListQuerySchema,
  tradeListSchema,
  tradeLogQuerySchema,
  tradeLogSchema,
  tradeResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses, idempotencyKeyHeaders } from '../../lib/route-schema.ts';
import { caller, sessionOf } from '../../plugins/auth.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { createTradeEvents } from './trades.events.ts';
import { createTradesService } from './trades.service.ts';
import { createSettlementScheduler } from './trades.settlement.ts';

export type TradesRoutesOptions = { maxPriceAgeMs: number };

/**
 * Timed trades. A user only asks to place a trade: the stake, the schedule and (later, in the
 * workers) the result are the server's. No route here takes a result, a profit or a balance.
 */
const tradesRoutes: FastifyPluginAsyncZod<TradesRoutesOptions> = async (app, opts) => {
  const log = app.log.child({ feature: 'trades' });
  const service = createTradesService({
    db: app.db,
    market: app.market,
    settings: app.tradeSettings,
    halts: app.tradingHalts,
    settlement: createSettlementScheduler(app.queues.settlement, log),
    events: createTradeEvents(app.userEvents),
    walletEvents: createWalletEvents(app.io, app.db),
    log,
    maxPriceAgeMs: opts.maxPriceAgeMs,
  });
  const tags = ['trades'];

  app.post(
    '/trades',
    {
      // The token's signature only: the user row (exists, same token version, not banned) is
      // checked by the placement's own statement, one round trip where there were two.
      config: { sessionInStatement: true },
      // Every error answer waits for the full check, so a caller the row refuses gets 401
      // whatever else is wrong with the request, as on every other route.
      errorHandler: async (error, request, reply) => {
        if (!request.currentUser) await app.authenticate(request, reply);
        throw error;
      },
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          'Place a trade. 201 for a new trade; 200 with the same trade for a retry with the same Idempotency-Key.',
        headers: idempotencyKeyHeaders,
        body: placeTradeSchema,
        response: {
          200: placeTradeResponseSchema,
          201: placeTradeResponseSchema,
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, answer } = await service.place(
        sessionOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/trades',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        querystring: tradeListQuerySchema,
        response: { 200: tradeListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(caller(request).id, request.query),
  );

  app.get(
    '/trades/:id',
    {
      schema: {
        audience: 'both',
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: tradeResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ trade: await service.get(caller(request), request.params.id) }),
  );

  app.get(
    '/trade-log',
    {
      schema: {
        audience: 'both',
        tags,
        security: bearer,
        description:
          'mine=true: the caller’s own trades (5 per page). Without mine: every trade (staff only, 10 per page; a superadmin’s trades for superadmins only).',
        querystring: tradeLogQuerySchema,
        response: { 200: tradeLogSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.tradeLog(caller(request), request.query),
  );

  app.get(
    '/trade-log/my',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        querystring: tradeLogQuerySchema,
        response: { 200: tradeLogSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.tradeLog(caller(request), { ...request.query, mine: true }),
  );

  app.get(
    '/trade-log/user/:id',
    {
      schema: {
        audience: 'both',
        tags,
        security: bearer,
        description:
          'One user’s trades: a user may read only their own; staff the accounts they may see (a plain admin, user accounts).',
        params: idParamsSchema,
        querystring: tradeLogQuerySchema,
        response: { 200: tradeLogSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.tradeLog(caller(request), request.query, request.params.id),
  );

  app.post(
    '/admin/trades/:id/cancel',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Cancel a RUNNING trade with a reason the user sees; the stake is refunded.',
        params: idParamsSchema,
        body: cancelTradeSchema,
        response: { 200: cancelTradeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancel(request.params.id, request.body.reason, requestMeta(request)),
  );
};

export default tradesRoutes;
