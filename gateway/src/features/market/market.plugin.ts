import fp from 'fastify-plugin';
import { createMarketService, type MarketService } from './market.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market answers shared by the REST routes and the Socket.IO handlers. */
    market: MarketService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'market',
      createMarketService({ db: app.db, redis: app.redis, log: app.log.child({ feature: 'market' }) }),
    );
  },
  { name: 'market', dependencies: ['db', 'redis'] },
);
