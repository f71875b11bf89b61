import { create } from 'zustand';
import type { ConnectionStore } from './realtime/connection-store.ts';
import type { Realtime } from './realtime/realtime.ts';
import { useSession } from './session/index.ts';

interface UnreadState {
  /** Unread notifications of the signed-in user, as the server last reported them. */
  count: number;
  setCount: (count: number) => void;
}

/**
 * The unread notification count: the header bell shows it, and the bell, the notifications
 * page and the dashboard list all report the count their answers carry, so they agree.
 */
export const useUnreadNotifications = create<UnreadState>()((set) => ({
  count: 0,
  setCount: (count) => set({ count: Math.max(0, Math.trunc(count)) }),
}));

/**
 * Wallet events of the user's room that are not tied to one screen: a hold set or released by
 * an admin (the Asset Overview explains it at once) and the unread count of a new notification.
 * After a reconnect the user is fetched again, since a hold event may have been missed.
 * Returns the undo.
 */
export function connectWallet(
  source: Pick<Realtime, 'on'>,
  connection: ConnectionStore,
  refresh: () => Promise<void> = () => useSession.getState().refresh(),
): () => void {
  const session = () => useSession.getState();
  const offs = [
    source.on('hold', ({ freezAmount, freezReason }) => {
      const user = session().user;
      if (!user || (user.freezAmount === freezAmount && user.freezReason === freezReason)) return;
      session().setUser({ ...user, freezAmount, freezReason });
    }),
    source.on('notification', ({ unread }) => {
      if (session().user) useUnreadNotifications.getState().setCount(unread);
    }),
    useSession.subscribe((state, prev) => {
      if (state.user?.id !== prev.user?.id) useUnreadNotifications.getState().setCount(0);
    }),
    connection.subscribe((state, prev) => {
      if (state.reconnects !== prev.reconnects && session().user) void refresh();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
