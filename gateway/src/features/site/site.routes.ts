import { publicSiteResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSiteService } from './site.service.ts';

/** Public: the browser tab title and icon come from here. */
const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSiteService({ db: app.db, cache: app.siteSettings });

  app.get('/site', { schema: { tags: ['site'], response: { 200: publicSiteResponseSchema } } }, async () =>
    service.get(),
  );
};

export default siteRoutes;
