import { type DbOrTx, pendingRequestCounts, refreshAdminStats } from '@app/db';
import {
  type AdminStatsJobData,
  adminStatsSnapshotSchema,
  rooms,
  type ServerToClientEvents,
  toAdminCards,
} from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';

export type AdminStatsDeps = { db: DbOrTx; redis: Redis; redisPrefix: string };

/**
 * The admin dashboard's periodic recount (refresh_admin_stats(), migration 0016): the open days
 * are counted again and the snapshot the dashboard reads is rewritten, here, off the request
 * path and away from placement and settlement. When the counts changed, every admin's dashboard
 * gets them as `admin:stats` through the Socket.IO Redis emitter. Safe to run twice: a second
 * run writes the same counts and, with nothing changed, announces nothing.
 */
export function createAdminStatsJob(deps: AdminStatsDeps) {
  const emitter = new Emitter<ServerToClientEvents>(deps.redis, { key: `${deps.redisPrefix}socket.io` });
  return async function runAdminStats(data: AdminStatsJobData) {
    const { stats, computedAt, changed } = await refreshAdminStats(deps.db, data.rebuild ?? false);
    if (changed) {
      const cards = toAdminCards(
        adminStatsSnapshotSchema.parse(stats),
        await pendingRequestCounts(deps.db),
        computedAt,
      );
      emitter.to(rooms.admins()).emit('admin:stats', cards);
    }
    return { changed, computedAt: computedAt.toISOString() };
  };
}
