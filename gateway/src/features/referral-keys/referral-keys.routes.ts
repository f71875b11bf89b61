import {
  idParamsSchema,
  referralKeyCreateSchema,
  referralKeyListQuerySchema,
  referralKeyListResponseSchema,
  referralKeyPatchSchema,
  referralKeyResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createReferralKeysService } from './referral-keys.service.ts';

/** Admin only: every route of this plugin passes the role check first. */
const referralKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReferralKeysService({ db: app.db });
  const tags = ['referral-keys'];

  app.get(
    '/referral-keys',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        querystring: referralKeyListQuerySchema,
        response: { 200: referralKeyListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/referral-keys',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        body: referralKeyCreateSchema,
        response: { 201: referralKeyResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ key: await service.create(request.body, requestMeta(request)) }),
  );

  app.patch(
    '/referral-keys/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        params: idParamsSchema,
        body: referralKeyPatchSchema,
        response: { 200: referralKeyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ key: await service.patch(request.params.id, request.body, requestMeta(request)) }),
  );
};

export default referralKeysRoutes;
