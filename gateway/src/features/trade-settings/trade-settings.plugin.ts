import type { TradeSettingRow } from '@app/db';
import fp from 'fastify-plugin';
import { DROPPED_VALUE_MAX_AGE_MS } from '../../lib/cached.ts';
import { listSettings } from './trade-settings.repository.ts';

export type TradeSettingsCache = {
  /** Every setting, shortest first, from this gateway's memory. */
  list(): Promise<TradeSettingRow[]>;
  /** A setting by id, from the same list. */
  find(id: number): Promise<TradeSettingRow | undefined>;
  /** After a committed edit: every gateway reads the list again. */
  changed(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    tradeSettings: TradeSettingsCache;
  }
}

/**
 * The trade durations change a few times a day and are read by every trade card and every
 * placement: each gateway keeps them in memory and the cache bus drops them everywhere on an
 * edit. A placement that still saw a setting another gateway just deleted is refused by the
 * trade's foreign key (answered as "no longer offered"); an edited one's terms are copied into
 * the trade and sent back with it.
 */
export default fp(
  async (app) => {
    const cached = app.cacheBus.value('trade-settings', () => listSettings(app.db), {
      ttlMs: DROPPED_VALUE_MAX_AGE_MS,
    });
    app.decorate('tradeSettings', {
      list: () => cached.get(),
      find: async (id) => (await cached.get()).find((s) => s.id === id),
      changed: () => cached.changed(),
    } satisfies TradeSettingsCache);
  },
  { name: 'trade-settings', dependencies: ['db', 'cache-bus'] },
);
