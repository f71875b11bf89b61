import type { BroadcastJobData, NotificationType } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import type { NotificationRow } from './schema/index.ts';

/**
 * Admin-sent notifications to many users: set-based, one statement per batch. Every row carries
 * `data.broadcastId`, and a user who already has this broadcast's notification is skipped, so a
 * batch written twice (a job retried after its commit) creates nothing the second time.
 */

export type BroadcastTarget = BroadcastJobData['target'];
export type BroadcastMessage = {
  type: NotificationType;
  title: string;
  body: string;
  data: Record<string, unknown>;
};

function targetWhere(target: BroadcastTarget): SQL {
  return target.kind === 'ids'
    ? sql`u.id = any(${sql.param(target.ids)}::uuid[])`
    : sql`u.role = any(${sql.param(target.roles)}::role[])`;
}

/** How many users the target names (ids that name nobody are not counted). */
export async function countBroadcastRecipients(db: DbOrTx, target: BroadcastTarget): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users u where ${targetWhere(target)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The next `limit` users of the target after `after`, by id: one batch of a broadcast job. */
export async function broadcastRecipientIds(
  db: DbOrTx,
  target: BroadcastTarget,
  page: { after: string | null; limit: number },
): Promise<string[]> {
  const after = page.after === null ? sql`` : sql`and u.id > ${page.after}::uuid`;
  const rows = await db.execute<{ id: string }>(
    sql`select u.id from users u where ${targetWhere(target)} ${after} order by u.id limit ${page.limit}`,
  );
  return rows.map((r) => r.id);
}

type InsertedRow = {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  body: string;
  data: Record<string, unknown>;
  created_at: string | Date;
};

/**
 * One notification for every user of the target who has none of this broadcast yet, in one
 * INSERT … SELECT. Call it in the transaction of the audit row; push the rows after commit.
 */
export async function insertBroadcastNotifications(
  db: DbOrTx,
  broadcastId: string,
  target: BroadcastTarget,
  message: BroadcastMessage,
): Promise<NotificationRow[]> {
  const data = JSON.stringify({ ...message.data, broadcastId });
  const rows = await db.execute<InsertedRow>(sql`
    insert into notifications (user_id, type, title, body, data)
    select u.id, ${message.type}::notification_type, ${message.title}, ${message.body}, ${data}::jsonb
      from users u
     where ${targetWhere(target)}
       and not exists (
             select 1 from notifications n
              where n.user_id = u.id and n.data ->> 'broadcastId' = ${broadcastId})
    returning id, user_id, type, title, body, data, created_at`);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    type: r.type,
    title: r.title,
    body: r.body,
    data: r.data,
    readAt: null,
    createdAt: new Date(r.created_at),
  }));
}

/** Unread counts of many users in one aggregate (0 for a user with none). */
export async function unreadNotificationCounts(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db.execute<{ user_id: string; n: number }>(sql`
    select user_id, count(*)::int as n from notifications
     where user_id = any(${sql.param(userIds)}::uuid[]) and read_at is null
     group by user_id`);
  for (const r of rows) counts.set(r.user_id, Number(r.n));
  return counts;
}
