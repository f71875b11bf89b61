import type { ConnectionStore } from './realtime/connection-store.ts';
import type { Realtime } from './realtime/realtime.ts';
import { useSession } from './session/index.ts';

/**
 * A hold set or released by an admin, on the signed-in user (the Asset Overview explains it at
 * once). After a reconnect the user is fetched again, since a hold event may have been missed.
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
    connection.subscribe((state, prev) => {
      if (state.reconnects !== prev.reconnects && session().user) void refresh();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
