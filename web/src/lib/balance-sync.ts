import type { ConnectionStore } from './realtime/connection-store.ts';
import type { Realtime } from './realtime/realtime.ts';
import { loadBalances, useSession } from './session/index.ts';

/**
 * The session's balances follow the server: every `balance` event and every settled trade
 * carries both, so nothing is refetched for them. They are loaded once per sign-in (the user
 * answer may lack the practice balance) and after a reconnect, when events may have been
 * missed. Returns the undo.
 */
export function connectBalances(
  source: Pick<Realtime, 'on'>,
  connection: ConnectionStore,
  load: () => Promise<void> = loadBalances,
): () => void {
  const session = () => useSession.getState();
  const offs = [
    source.on('balance', ({ real, practice }) => session().applyBalances({ real, practice })),
    source.on('trade:settled', ({ balances }) => session().applyBalances(balances)),
    useSession.subscribe((state, prev) => {
      if (state.user && state.user.id !== prev.user?.id) void load();
    }),
    connection.subscribe((state, prev) => {
      if (state.reconnects !== prev.reconnects && session().user) void load();
    }),
  ];
  if (session().user) void load();
  return () => {
    for (const off of offs) off();
  };
}
