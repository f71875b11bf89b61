import {
  broadcastRecipientIds,
  type DbOrTx,
  insertBroadcastNotifications,
  type NotificationRow,
  toNotification,
  unreadNotificationCounts,
} from '@app/db';
import {
  type BroadcastJobData,
  type BroadcastProgress,
  type BulkUserEvent,
  userEventMessages,
  userEventsChannel,
} from '@app/shared';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';

export type BroadcastDeps = {
  db: DbOrTx;
  redis: Redis;
  redisPrefix: string;
  /** Users per batch: one SELECT of ids, one INSERT … SELECT, one unread count, one publish round. */
  batchSize?: number;
};

export const BROADCAST_BATCH_SIZE = 500;

function progressOf(job: Job<BroadcastJobData>): BroadcastProgress {
  const p = job.progress;
  if (p && typeof p === 'object' && 'processed' in p) return p as unknown as BroadcastProgress;
  return { processed: 0, created: 0, after: null };
}

/**
 * An admin's notification to many users (gateway features/broadcast queued it and wrote the
 * audit row): the target's users in batches ordered by id; each batch's notifications in one
 * statement, then `notification` with the unread count to each user's room on every gateway
 * (userEventsChannel). Safe to run twice: progress (users done, the last id) is saved after
 * every batch and a retry resumes after it, and a batch committed before its progress was
 * saved creates nothing the second time (a user who has this broadcast's notification is
 * skipped). The admin's screen reads the progress (GET /api/admin/notifications/jobs/{id}).
 */
export function createBroadcastJob(deps: BroadcastDeps) {
  const channel = userEventsChannel(deps.redisPrefix);
  const batchSize = deps.batchSize ?? BROADCAST_BATCH_SIZE;

  async function push(rows: NotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const unread = await unreadNotificationCounts(
      deps.db,
      rows.map((r) => r.userId),
    );
    const events: BulkUserEvent[] = rows.map((row) => ({
      userId: row.userId,
      event: 'notification',
      data: { notification: toNotification(row), unread: unread.get(row.userId) ?? 1 },
    }));
    // Best effort like every push: the rows are the record, the bell reads them on open.
    for (const message of userEventMessages(events)) await deps.redis.publish(channel, message);
  }

  return async function runBroadcast(job: Job<BroadcastJobData>): Promise<BroadcastProgress> {
    const { broadcastId, target, message } = job.data;
    let progress = progressOf(job);
    for (;;) {
      const ids = await broadcastRecipientIds(deps.db, target, { after: progress.after, limit: batchSize });
      if (ids.length === 0) break;
      const rows = await insertBroadcastNotifications(deps.db, broadcastId, { kind: 'ids', ids }, message);
      progress = {
        processed: progress.processed + ids.length,
        created: progress.created + rows.length,
        after: ids[ids.length - 1] ?? progress.after,
      };
      await job.updateProgress(progress);
      await push(rows);
      if (ids.length < batchSize) break;
    }
    return progress;
  };
}
