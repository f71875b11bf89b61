import { io } from 'socket.io-client';
import { useStore } from 'zustand';
import { connectBalances } from './balance-sync.ts';
import { DEBUG_HOOKS, exposeDebug } from './debug.ts';
import { type ConnectionStoreState, createConnectionStore } from './realtime/connection-store.ts';
import { createRealtime } from './realtime/realtime.ts';
import { sessionEnded, useSession } from './session/index.ts';
import { connectWallet } from './wallet-sync.ts';

export type { ConnectionState } from './realtime/connection-store.ts';
export type { MarketSnapshot, Realtime } from './realtime/realtime.ts';

/** Connection state and feed status for the whole app. */
export const connectionStore = createConnectionStore();

export function useConnection<T>(selector: (state: ConnectionStoreState) => T): T {
  return useStore(connectionStore, selector);
}

/**
 * The app's one Socket.IO connection to the gateway (same origin). Market rooms are joined
 * through `realtime.retainMarket` / `retainTicker`; events arrive through `realtime.on`.
 */
export const realtime = createRealtime({
  createSocket: (auth) =>
    io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: false, auth }),
  store: connectionStore,
});

let started = false;

/** Connects once the session is known, then follows sign-in and sign-out. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  realtime.start(useSession.getState().token);
  useSession.subscribe((state, prev) => {
    if (state.token !== prev.token) realtime.setToken(state.token);
  });
  // The server ended the session (password changed, logged out everywhere, banned, ...): sign
  // out with its reason. A refused token is checked over REST, which signs out if it is dead.
  realtime.onSessionEnded((event, token) => void sessionEnded(event, token));
  realtime.onTokenRefused((token) => {
    if (useSession.getState().token === token) void useSession.getState().refresh();
  });
  connectBalances(realtime, connectionStore);
  connectWallet(realtime, connectionStore);
  if (DEBUG_HOOKS) {
    exposeDebug('realtime', {
      drop: (holdMs?: number) => realtime.dropTransport(holdMs),
      state: () => connectionStore.getState().state,
      history: () => connectionStore.getState().history,
      held: () => realtime.held(),
    });
  }
}
