import { adminTradingHaltStateSchema, tradingHaltStateSchema, tradingHaltUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request.ts';
import { bearer, errorResponses } from '../../lib/route-schema.ts';
import { createTradingHaltService } from './trading-halt.service.ts';

/** The trading halt: its public state for every trade page, and the superadmin's switch. */
const tradingHaltRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradingHaltService({
    db: app.db,
    cache: app.tradingHalts,
    broadcast: (state) => app.io.emit('trading:halt', state),
    log: app.log.child({ feature: 'trading-halt' }),
  });
  app.get(
    '/trading-halt',
    {
      schema: {
        audience: 'public',
        tags: ['trades'],
        description:
          'Public: the trading halts standing now (symbol null: the whole platform) with their reasons. Also sent as trading:halt to every socket when they change.',
        response: { 200: tradingHaltStateSchema },
      },
    },
    async () => service.publicState(),
  );

  const admin = { tags: ['superadmin'], security: bearer };
  app.get(
    '/superadmin/trading-halt',
    {
      schema: {
        audience: 'superadmin',
        ...admin,
        description: 'The trading halts standing now, with the superadmin who set each.',
        response: { 200: adminTradingHaltStateSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.adminState(),
  );

  app.put(
    '/superadmin/trading-halt',
    {
      schema: {
        audience: 'superadmin',
        ...admin,
        description:
          'Start (halted: true) or end (halted: false) a halt of new trades on the whole platform (no symbol) or on one coin, with a reason. Placement is refused with the reason on every gateway within moments; running trades still settle. Audited as trading_halt.start / trading_halt.end.',
        body: tradingHaltUpdateSchema,
        response: { 200: adminTradingHaltStateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.update(request.body, requestMeta(request)),
  );
};

export default tradingHaltRoutes;
