import { idParamsSchema, MSG, messageResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { unlockAccount } from './login-lock.ts';

/** A superadmin lifts an account's sign-in lock (the admin user detail's Unlock button). */
const loginLockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/users/:id/unlock',
    {
      schema: {
        audience: 'superadmin',
        tags: ['admin-users'],
        security: bearer,
        description:
          'Superadmin only. Lift the sign-in lock of an account (after too many failed attempts) and clear its failed attempts; the same for an account that is not locked. Audited: user.unlock.',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const meta = requestMeta(request);
      await unlockAccount(app.db, request.params.id, {
        actor: meta.actor,
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return { message: MSG.accountUnlocked };
    },
  );
};

export default loginLockRoutes;
