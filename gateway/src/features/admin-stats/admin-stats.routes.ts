import { adminCardsResponseSchema, loginHistoryQuerySchema, loginHistoryResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createAdminStatsService } from './admin-stats.service.ts';

/** Admin only: every route of this plugin passes the role check first. */
const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminStatsService({ db: app.db });
  const tags = ['admin-stats'];

  app.get(
    '/admin-stats/login-history',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        querystring: loginHistoryQuerySchema,
        response: { 200: loginHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.loginHistory(caller(request).staff, request.query),
  );

  app.get(
    '/admin-stats/cards',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'The dashboard cards: counts of the last periodic recount (the workers job adminStats; `computedAt` says when), pending top-ups and withdrawals as they are now. Trade cards count real money; `practice` counts play money. emailVerified and emailUnverified count accounts whose current address was confirmed through its mailed link, and the others.',
        response: { 200: adminCardsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.cards(),
  );
};

export default adminStatsRoutes;
