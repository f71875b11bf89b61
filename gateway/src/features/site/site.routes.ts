import { publicSiteResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonOnce, sendJson } from '../../lib/cached.ts';

/** Public: the browser tab title and icon come from here. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    { schema: { audience: 'public', tags: ['site'], response: { 200: publicSiteResponseSchema } } },
    async (_request, reply) => {
      const settings = await app.siteSettings.get();
      return sendJson(
        reply,
        jsonOnce(settings, publicSiteResponseSchema, () => ({ settings })),
      );
    },
  );
};

export default siteRoutes;
