import { balancesResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, optionalIdempotencyKeyHeaders } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createTradeEvents } from '../trades/trades.events.ts';
import { createBalancesService } from './balances.service.ts';

const balancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBalancesService({ db: app.db, events: createTradeEvents(app.userEvents) });
  const tags = ['balances'];

  app.get(
    '/user/me/balances',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        response: { 200: balancesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ balances: await service.balances(caller(request).id) }),
  );

  app.post(
    '/user/me/practice/reset',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description: 'Practice balance back to ₹1,00,000. Real money is never touched.',
        headers: optionalIdempotencyKeyHeaders,
        response: { 200: balancesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ balances: await service.resetPractice(caller(request).id) }),
  );
};

export default balancesRoutes;
