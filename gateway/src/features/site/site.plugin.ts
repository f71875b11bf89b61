import type { SiteSettings } from '@app/shared';
import fp from 'fastify-plugin';
import { DROPPED_VALUE_MAX_AGE_MS } from '../../lib/cached.ts';
import type { SharedValue } from '../../plugins/cache-bus.ts';
import { findSettings } from './site.repository.ts';
import { toSiteSettings } from './site.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings from this gateway's memory; `changed()` after a committed save. */
    siteSettings: SharedValue<SiteSettings>;
  }
}

/** Every page load asks for the site settings; a superadmin changes them rarely. */
export default fp(
  async (app) => {
    app.decorate(
      'siteSettings',
      app.cacheBus.value('site', async () => toSiteSettings(await findSettings(app.db)), {
        ttlMs: DROPPED_VALUE_MAX_AGE_MS,
      }),
    );
  },
  { name: 'site', dependencies: ['db', 'cache-bus'] },
);
