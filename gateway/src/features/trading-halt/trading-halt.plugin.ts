import type { TradingHaltRow } from '@app/db';
import fp from 'fastify-plugin';
import type { SharedValue } from '../../plugins/cache-bus.ts';
import { listHalts } from './trading-halt.repository.ts';

/**
 * The longest a gateway uses its copy of the halts. A change drops every copy through the cache
 * bus at once; this bounds only the case where that drop was published but lost (see
 * docs/adr/0019-trading-halt-checked-by-the-gateway.md). Reading a tiny table this often costs
 * nothing.
 */
export const TRADING_HALT_MAX_AGE_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The standing trading halts from this gateway's memory; `changed()` after a committed change. */
    tradingHalts: SharedValue<TradingHaltRow[]>;
  }
}

/** Every placement and every trade page reads the halts; a superadmin changes them in an incident. */
export default fp(
  async (app) => {
    app.decorate(
      'tradingHalts',
      app.cacheBus.value('trading-halts', () => listHalts(app.db), { ttlMs: TRADING_HALT_MAX_AGE_MS }),
    );
  },
  { name: 'trading-halt', dependencies: ['db', 'cache-bus'] },
);
