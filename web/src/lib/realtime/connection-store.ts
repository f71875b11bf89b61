import type { FeedStatus } from '@app/shared';
import { createStore } from 'zustand/vanilla';

/** The browser's link to the gateway, as the header shows it. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface ConnectionStoreState {
  state: ConnectionState;
  /** The market feed behind the prices (`feed:status`), once known. */
  feed: FeedStatus | null;
  /** Successful connections after the first one: data loaded before a reconnect is reloaded. */
  reconnects: number;
  /** Every state in order (the browser tests read it). */
  history: ConnectionState[];
  setState: (state: ConnectionState) => void;
  connected: () => void;
  setFeed: (feed: FeedStatus) => void;
}

const HISTORY_LIMIT = 50;

export function createConnectionStore() {
  let everConnected = false;
  return createStore<ConnectionStoreState>()((set, get) => ({
    state: 'connecting',
    feed: null,
    reconnects: 0,
    history: ['connecting'],
    setState: (state) => {
      if (get().state === state) return;
      set({ state, history: [...get().history, state].slice(-HISTORY_LIMIT) });
    },
    connected: () => {
      const again = everConnected;
      everConnected = true;
      get().setState('live');
      if (again) set({ reconnects: get().reconnects + 1 });
    },
    setFeed: (feed) => {
      const prev = get().feed;
      if (
        prev &&
        prev.source === feed.source &&
        prev.state === feed.state &&
        prev.simulated === feed.simulated &&
        prev.since === feed.since
      ) {
        return;
      }
      set({ feed });
    },
  }));
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
