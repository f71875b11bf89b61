import {
  type Db,
  getBalances,
  type NotificationRow,
  pendingRequestCounts,
  toNotification,
  unreadNotificationCount,
} from '@app/db';
import { rooms, type Topup, toBalancesView, type Withdrawal } from '@app/shared';
import type { IoServer } from '../../realtime/types.ts';

/**
 * The wallet's live events. Call them after the transaction commits: a rolled-back decision
 * must not be announced. A local emit reaches every gateway's sockets through the Redis adapter.
 */
export function createWalletEvents(io: IoServer, db: Db) {
  const user = (userId: string) => io.to(rooms.user(userId));
  return {
    /** `notification` with the unread count after it. */
    async notify(row: NotificationRow): Promise<void> {
      const unread = await unreadNotificationCount(db, row.userId);
      user(row.userId).emit('notification', { notification: toNotification(row), unread });
    },
    /** `balance` with both balances as they are now. */
    async balance(userId: string, reason: string): Promise<void> {
      const balances = toBalancesView(await getBalances(db, userId));
      user(userId).emit('balance', { ...balances, reason });
    },
    topupUpdated(userId: string, topup: Topup): void {
      user(userId).emit('topup:updated', { topup });
    },
    withdrawalUpdated(userId: string, withdrawal: Withdrawal): void {
      user(userId).emit('withdrawal:updated', { withdrawal });
    },
    hold(userId: string, freezAmount: number, freezReason: string | null): void {
      user(userId).emit('hold', { freezAmount, freezReason });
    },
    /** `admin:badges` to every admin: pending top-ups and withdrawals right now. */
    async badges(): Promise<void> {
      io.to(rooms.admins()).emit('admin:badges', await pendingRequestCounts(db));
    },
  };
}

export type WalletEvents = ReturnType<typeof createWalletEvents>;
