import type { Db, TradeSettingRow } from '@app/db';
import fp from 'fastify-plugin';
import { listSettings } from './trade-settings.repository.ts';

/** How long placement reuses the settings it read before asking Postgres again. */
export const SETTINGS_CACHE_MS = 1_000;

export type TradeSettingsCache = {
  /** A setting by id, from a list at most SETTINGS_CACHE_MS old (this process's edits: at once). */
  find(id: number): Promise<TradeSettingRow | undefined>;
  /** Forget the list (after an edit through this gateway). */
  invalidate(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    tradeSettings: TradeSettingsCache;
  }
}

/**
 * Placement reads its setting from a short-lived cache: one query less per trade. The terms
 * are copied into the trade and sent back with it, so an edit through another gateway can
 * reach placements up to a second late; a setting deleted meanwhile is refused by the
 * trade's foreign key (answered as "no longer offered").
 */
export function createTradeSettingsCache(
  db: Db,
  ttlMs = SETTINGS_CACHE_MS,
  now = Date.now,
): TradeSettingsCache {
  let cached: { at: number; byId: Promise<Map<number, TradeSettingRow>> } | undefined;
  return {
    async find(id) {
      const t = now();
      if (!cached || t - cached.at >= ttlMs) {
        const byId = listSettings(db).then((rows) => new Map(rows.map((r) => [r.id, r])));
        const entry = { at: t, byId };
        cached = entry;
        // A failed read is not kept: the next placement asks again.
        byId.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return (await cached.byId).get(id);
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('tradeSettings', createTradeSettingsCache(app.db));
  },
  { name: 'trade-settings', dependencies: ['db'] },
);
