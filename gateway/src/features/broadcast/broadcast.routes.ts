import {
  BROADCAST_SYNC_MAX,
  broadcastBodySchema,
  broadcastJobParamsSchema,
  broadcastJobResponseSchema,
  broadcastQueuedResponseSchema,
  broadcastSentResponseSchema,
  toBroadcastRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createBroadcastService } from './broadcast.service.ts';

/** The admin's Send Notifications screen (admin-side §2, §5, §8). */
const broadcastRoutes: FastifyPluginAsyncZod<{ syncMax?: number | undefined }> = async (app, opts) => {
  const syncMax = opts.syncMax ?? BROADCAST_SYNC_MAX;
  const service = createBroadcastService({
    db: app.db,
    queue: app.queues.maintenance,
    userEvents: app.userEvents,
    syncMax,
    log: app.log.child({ feature: 'broadcast' }),
  });
  const tags = ['admin-notifications'];

  app.post(
    '/admin/notifications',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: `Send a notification. audience: user (\`user\`: one username, email or id), userIds, emails (lists split on white space, commas, semicolons and newlines), role (\`role\`), all. \`data\` is JSON text ('Invalid JSON'; empty means {}). Type credit is refused: a credit is announced by its balance adjustment. A plain admin reaches user accounts only (role admin or superadmin: 403; admin accounts in a list count as unknown); no recipient: 400. Up to BROADCAST_SYNC_MAX (default ${BROADCAST_SYNC_MAX}) recipients the notifications are written and pushed (\`notification\`) before the answer; more: 202 with the job id of a workers job (GET /admin/notifications/jobs/{id}). Audited: notification.send.`,
        body: broadcastBodySchema,
        response: {
          200: broadcastSentResponseSchema,
          202: broadcastQueuedResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const outcome = await service.send(toBroadcastRequest(request.body), requestMeta(request));
      if (outcome.status === 202) return reply.code(202).send(outcome.body);
      return outcome.body;
    },
  );

  app.get(
    '/admin/notifications/jobs/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'A queued send: waiting, active, completed or failed (after its last attempt), the recipients counted when it was accepted, users gone through and notifications created so far.',
        params: broadcastJobParamsSchema,
        response: { 200: broadcastJobResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.job(request.params.id),
  );
};

export default broadcastRoutes;
