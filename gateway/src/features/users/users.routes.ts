import { bankSchema, profileSchema, userMessageResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createUsersService } from './users.service.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService({ db: app.db });
  const common = {
    tags: ['users'],
    security: bearer,
    response: { 200: userMessageResponseSchema, ...errorResponses(400, 401) },
  };

  app.put(
    '/user/me/profile',
    { schema: { audience: 'user', ...common, body: profileSchema } },
    async (request) => service.updateProfile(caller(request).id, request.body),
  );

  app.put('/user/me/bank', { schema: { audience: 'user', ...common, body: bankSchema } }, async (request) =>
    service.updateBank(caller(request).id, request.body),
  );
};

export default usersRoutes;
