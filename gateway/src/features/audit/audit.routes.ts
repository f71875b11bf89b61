import {
  auditListResponseSchema,
  auditQuerySchema,
  myAdminActionsQuerySchema,
  myAdminActionsResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createAuditService } from './audit.service.ts';

/** The audit trail: the admins' screen, and each user's own "Account activity". */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditService({ db: app.db });
  const tags = ['audit'];

  app.get(
    '/admin/audit',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Admin writes, newest first, filtered by actor, user account concerned, action and India-time days (from and to, both whole). A superadmin sees every row; an admin sees the rows about accounts with the role user that no superadmin made.',
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(caller(request).staff, request.query),
  );

  app.get(
    '/user/me/admin-actions',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description:
          "Every admin action on the caller's account, newest first: the action, when, and the reason. Never who.",
        querystring: myAdminActionsQuerySchema,
        response: { 200: myAdminActionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.mine(caller(request).id, request.query),
  );
};

export default auditRoutes;
