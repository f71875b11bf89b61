import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { adminStats } from './schema/admin-stats.ts';

export type AdminStatsSnapshotRow = { stats: unknown; computedAt: Date };

/** The last snapshot of the admin dashboard's counts (one row, by its key), or null before the first. */
export async function readAdminStats(db: DbOrTx): Promise<AdminStatsSnapshotRow | null> {
  const [row] = await db
    .select({ stats: adminStats.stats, computedAt: adminStats.computedAt })
    .from(adminStats)
    .where(eq(adminStats.id, 1));
  return row ?? null;
}

/**
 * Recount with refresh_admin_stats() (migration 0016) and store the snapshot; `changed` says
 * whether it differs from the one before. `rebuild` recounts every day, not only the open ones.
 */
export async function refreshAdminStats(
  db: DbOrTx,
  rebuild = false,
): Promise<AdminStatsSnapshotRow & { changed: boolean }> {
  const [row] = await db.execute<{ stats: unknown; computed_at: string | Date; changed: boolean }>(
    sql`select stats, computed_at, changed from refresh_admin_stats(${rebuild})`,
  );
  if (!row) throw new Error('refresh_admin_stats() returned no row');
  return { stats: row.stats, computedAt: new Date(row.computed_at), changed: row.changed };
}
