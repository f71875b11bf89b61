import type { Notification, NotificationType } from '@app/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type NotificationRow, notifications, topups, withdrawals } from './schema/index.ts';

/** A stored notification as the bell shows it: the one mapping for the REST list and every push. */
export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  data?: Record<string, unknown>;
};

/**
 * Store a notification. Call it inside the transaction of what it tells about (a decision, a
 * hold), so the user is told exactly when the thing happened; push it after the commit.
 */
export async function createNotification(db: DbOrTx, input: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      body: input.body,
      data: input.data ?? {},
    })
    .returning();
  if (!row) throw new Error('notification insert returned no row');
  return row;
}

/** How many of the user's notifications are unread. */
export async function unreadNotificationCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The admin sidebar's badges: requests waiting for a decision. */
export async function pendingRequestCounts(
  db: DbOrTx,
): Promise<{ pendingTopups: number; pendingWithdrawals: number }> {
  const [[t], [w]] = await Promise.all([
    db.select({ n: count() }).from(topups).where(eq(topups.status, 'pending')),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending')),
  ]);
  return { pendingTopups: t?.n ?? 0, pendingWithdrawals: w?.n ?? 0 };
}

/**
 * One page of the user's notifications, newest first, with the user's total and unread
 * counts (one aggregate over the user's rows, on the (user_id, created_at) index).
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/**
 * Mark one of the user's notifications read. False when the user has no notification with
 * that id (someone else's counts as none); an already read one stays as it was and is true.
 */
export async function markNotificationRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (updated.length > 0) return true;
  const [found] = await db.select({ id: notifications.id }).from(notifications).where(mine).limit(1);
  return found !== undefined;
}

/** Mark every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
