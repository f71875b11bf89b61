import {
  createAccountSchema,
  publicSiteResponseSchema,
  siteSettingsSaveResponseSchema,
  siteSettingsUpdateSchema,
  superOverviewSchema,
  userMessageResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createPasswordPolicy } from '../auth/password-policy.ts';
import { createSiteService } from '../site/site.service.ts';
import { createSuperadminService } from './superadmin.service.ts';

/** Superadmin only: every route of this plugin declares the superadmin audience. */
const superadminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSuperadminService({ db: app.db, passwords: createPasswordPolicy(app.siteSettings) });
  const site = createSiteService({ db: app.db, cache: app.siteSettings });
  const tags = ['superadmin'];
  const createAccount = {
    schema: {
      audience: 'superadmin',
      tags,
      security: bearer,
      body: createAccountSchema,
      response: { 201: userMessageResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
  } as const;

  app.post('/superadmin/create-user', createAccount, async (request, reply) =>
    reply.code(201).send(await service.createAccount('user', request.body, requestMeta(request))),
  );

  app.post('/superadmin/create-admin', createAccount, async (request, reply) =>
    reply.code(201).send(await service.createAccount('admin', request.body, requestMeta(request))),
  );

  app.get(
    '/superadmin/site',
    {
      schema: {
        audience: 'superadmin',
        tags,
        security: bearer,
        response: { 200: publicSiteResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => site.get(),
  );

  app.put(
    '/superadmin/site',
    {
      schema: {
        audience: 'superadmin',
        tags,
        security: bearer,
        body: siteSettingsUpdateSchema,
        response: { 200: siteSettingsSaveResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => site.update(request.body, requestMeta(request)),
  );

  app.get(
    '/superadmin/overview',
    {
      schema: {
        audience: 'superadmin',
        tags,
        security: bearer,
        response: { 200: superOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.overview(),
  );
};

export default superadminRoutes;
