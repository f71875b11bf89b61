import type { NotificationType } from '@app/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type NotificationRow, notifications, topups, withdrawals } from './schema/index.ts';

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
