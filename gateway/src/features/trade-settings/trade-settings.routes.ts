import { numericIdParamsSchema, tradeSettingInputSchema, tradeSettingListSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonOnce, sendJson } from '../../lib/cached.ts';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createTradeSettingsService } from './trade-settings.service.ts';

/**
 * GET /api/trade-setting is open to anyone (the trade card shows the durations before login);
 * the writes are admin only, role-checked before the body is looked at.
 */
const tradeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradeSettingsService({ db: app.db, cache: app.tradeSettings });
  const tags = ['trade-settings'];

  app.get(
    '/trade-setting',
    { schema: { audience: 'public', tags, response: { 200: tradeSettingListSchema } } },
    async (_request, reply) => {
      const data = await service.list();
      return sendJson(
        reply,
        jsonOnce(data, tradeSettingListSchema, () => ({ data })),
      );
    },
  );

  app.post(
    '/trade-setting',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        body: tradeSettingInputSchema,
        response: { 201: tradeSettingListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.body, requestMeta(request)) }),
  );

  app.put(
    '/trade-setting/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        params: numericIdParamsSchema,
        body: tradeSettingInputSchema,
        response: { 200: tradeSettingListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.update(request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/trade-setting/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        params: numericIdParamsSchema,
        response: { 200: tradeSettingListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.remove(request.params.id, requestMeta(request)) }),
  );
};

export default tradeSettingsRoutes;
