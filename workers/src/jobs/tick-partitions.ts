import { type DbOrTx, dropOldTickPartitions, ensureTickPartitions } from '@app/db';
import type { TickPartitionsJobData } from '@app/shared';

export type TickPartitionsDeps = { db: DbOrTx };

/**
 * Tick archive housekeeping: the coming days' partitions exist before their ticks arrive, and
 * days past retention go. Safe to run twice: both steps are idempotent.
 */
export async function runTickPartitions(deps: TickPartitionsDeps, data: TickPartitionsJobData) {
  await ensureTickPartitions(deps.db, data.daysAhead);
  const dropped = await dropOldTickPartitions(deps.db, data.keepDays);
  return { dropped, keepDays: data.keepDays };
}
