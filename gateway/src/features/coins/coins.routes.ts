import {
  coinInputSchema,
  coinListQuerySchema,
  coinListResponseSchema,
  coinResponseSchema,
  coinSymbolParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createCoinsService } from './coins.service.ts';

/** The admin's coin list: admins and superadmins, role-checked before the input is looked at. */
const coinsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCoinsService({ db: app.db, announce: (event) => app.coinsChanged.announce(event) });
  const tags = ['coins'];

  app.get(
    '/admin/coins',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Every coin, enabled or not, in display order; q searches symbol and name. 10 per page.',
        querystring: coinListQuerySchema,
        response: { 200: coinListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/admin/coins',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Create a coin (201), or edit the coin `editing` names (200; its symbol cannot change). No price fields: prices come from the feed. The feed, the market lists and placement follow within seconds.',
        body: coinInputSchema,
        response: {
          200: coinResponseSchema,
          201: coinResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, coin } = await service.save(request.body, requestMeta(request));
      return reply.code(created ? 201 : 200).send({ coin });
    },
  );

  app.delete(
    '/admin/coins/:symbol',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Delete a coin. 409 while it has running trades or archived prices: disable it instead.',
        params: coinSymbolParamsSchema,
        response: { 200: coinResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({ coin: await service.remove(request.params.symbol, requestMeta(request)) }),
  );
};

export default coinsRoutes;
