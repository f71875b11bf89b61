import { reputationAdjustResponseSchema, reputationAdjustSchema, visitResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createReputationService } from './reputation.service.ts';

const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReputationService({ db: app.db });

  app.post(
    '/reputation/visit',
    {
      schema: {
        audience: 'user',
        tags: ['reputation'],
        security: bearer,
        response: { 200: visitResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.visit(caller(request).id),
  );

  app.post(
    '/reputation/admin/adjust',
    {
      schema: {
        audience: 'staff',
        tags: ['reputation'],
        security: bearer,
        description:
          'Admin: set a user’s reputation. `setTo` is rounded and clamped to 0-100; `reason` defaults to "admin set". Audited (user.reputation_set). A plain admin gets 403 for an admin or superadmin account.',
        body: reputationAdjustSchema,
        response: { 200: reputationAdjustResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.adminSet(request.body, requestMeta(request)),
  );
};

export default reputationRoutes;
