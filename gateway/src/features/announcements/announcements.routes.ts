import {
  adminAnnouncementListQuerySchema,
  adminAnnouncementListResponseSchema,
  adminAnnouncementResponseSchema,
  announcementInputSchema,
  announcementsResponseSchema,
  idParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createAnnouncementsService } from './announcements.service.ts';

/** Public: the published announcements. Admin: all of them, and create, edit, delete (audited). */
const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAnnouncementsService({ db: app.db });
  const tags = ['announcements'];

  app.get(
    '/announcements',
    {
      schema: {
        audience: 'public',
        tags,
        description:
          'The published announcements, newest first (at most 50). Empty when there are none: the page then shows its built-in samples.',
        response: { 200: announcementsResponseSchema },
      },
    },
    async () => service.listPublic(),
  );

  app.get(
    '/admin/announcements',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Every announcement, drafts included, newest first. 10 per page.',
        querystring: adminAnnouncementListQuerySchema,
        response: { 200: adminAnnouncementListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listAdmin(request.query),
  );

  app.post(
    '/admin/announcements',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Create an announcement (published unless `published` is false). Audited.',
        body: announcementInputSchema,
        response: { 201: adminAnnouncementResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const announcement = await service.create(request.body, requestMeta(request));
      return reply.code(201).send({ announcement });
    },
  );

  app.put(
    '/admin/announcements/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description:
          'Edit an announcement: title and body replace the old ones; `published` left out keeps its value. Audited.',
        params: idParamsSchema,
        body: announcementInputSchema,
        response: { 200: adminAnnouncementResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      announcement: await service.update(request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/admin/announcements/:id',
    {
      schema: {
        audience: 'staff',
        tags,
        security: bearer,
        description: 'Delete an announcement; the audit log keeps what it said. Audited.',
        params: idParamsSchema,
        response: { 200: adminAnnouncementResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ announcement: await service.remove(request.params.id, requestMeta(request)) }),
  );
};

export default announcementsRoutes;
