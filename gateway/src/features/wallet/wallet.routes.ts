import {
  adminBadgesSchema,
  adminWalletTransactionsQuerySchema,
  holdBodySchema,
  idParamsSchema,
  userIdParamsSchema,
  userMessageResponseSchema,
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createWalletEvents } from '../notifications/notifications.events.ts';
import { createWalletService } from './wallet.service.ts';

/**
 * Financial Records (the caller's own, or any user's for an admin), holds and the admin
 * sidebar's badge counts. Nothing here moves money.
 */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWalletService({
    db: app.db,
    events: createWalletEvents(app.io, app.db),
    log: app.log.child({ feature: 'wallet' }),
  });
  const tags = ['wallet'];
  const records = {
    tags,
    security: bearer,
    querystring: walletTransactionsQuerySchema,
    response: { 200: walletTransactionsResponseSchema, ...errorResponses(401) },
  };

  app.get(
    '/wallet/transactions/my',
    {
      schema: {
        audience: 'user',
        ...records,
        description:
          'The caller’s ledger of one balance (account real|practice), 10 per page. type: all, a Bill Type of the spec (trade_profit = the payouts of won trades, each with its trade’s profit; trade_loss = the stakes of lost trades) or a stored bill type. A currency other than INR has no rows.',
      },
    },
    async (request) => service.records(caller(request).id, request.query),
  );

  app.get(
    '/wallet/transactions',
    {
      schema: {
        audience: 'user',
        ...records,
        description:
          'The spec’s alias (`?mine=1`) of /wallet/transactions/my: always the caller’s own records, whatever `mine` says.',
      },
    },
    async (request) => service.records(caller(request).id, request.query),
  );

  app.get(
    '/admin/wallet/transactions/:userId',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Admin: one user’s records, 20 per page by default.',
        params: userIdParamsSchema,
        querystring: adminWalletTransactionsQuerySchema,
        response: { 200: walletTransactionsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.userRecords(caller(request).staff, request.params.userId, request.query),
  );

  app.put(
    '/admin/users/:id/hold',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Admin: the amount on hold in rupees (0 releases it) and the reason the user sees. Audited; the user is notified.',
        params: idParamsSchema,
        body: holdBodySchema,
        response: { 200: userMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.hold(request.params.id, request.body, requestMeta(request)),
  );

  app.get(
    '/admin/badges',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Pending top-ups and withdrawals; the same counts as the `admin:badges` event.',
        response: { 200: adminBadgesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.badges(),
  );
};

export default walletRoutes;
