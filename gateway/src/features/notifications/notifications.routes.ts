import {
  idParamsSchema,
  markReadResponseSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unreadCountResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { caller } from '../../plugins/auth.ts';
import { createNotificationsService } from './notifications.service.ts';

/** The caller's own notifications: every route authenticates and reads the user from the session. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService({ db: app.db });
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description: 'Newest first, 20 per page by default (at most 100), with the unread count.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(caller(request).id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.unreadCount(caller(request).id),
  );

  // Declared before /:id/read, though find-my-way prefers the static segment anyway.
  app.post(
    '/notifications/read-all',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description: 'No body.',
        response: { 200: markReadResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.markAllRead(caller(request).id),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        audience: 'user',
        tags,
        security: bearer,
        description: 'No body. Marking a read notification again is fine; another user’s is 404.',
        params: idParamsSchema,
        response: { 200: markReadResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.markRead(caller(request).id, request.params.id),
  );
};

export default notificationsRoutes;
