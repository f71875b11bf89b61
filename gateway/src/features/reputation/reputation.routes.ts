import { visitResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createReputationService } from './reputation.service.ts';

const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReputationService({ db: app.db });

  app.post(
    '/reputation/visit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reputation'],
        security: bearer,
        response: { 200: visitResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.visit(caller(request).id),
  );
};

export default reputationRoutes;
