import type {
  ClientToServerEvents,
  OrderBook,
  ServerToClientEvents,
  SessionEndedEvent,
  Stats24h,
  Tick,
  TickerEntry,
} from '@app/shared';
import type { Socket } from 'socket.io-client';
import type { ConnectionStore } from './connection-store.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type AuthPayload = { token?: string };
export type AuthProvider = (cb: (data: AuthPayload) => void) => void;

/** What a `subscribe` acknowledgement carries: the market as it is now. */
export type MarketSnapshot = {
  symbol: string;
  tick: Tick | null;
  book: OrderBook | null;
  stats: Stats24h | null;
};

export interface RealtimeOptions {
  /** Builds the socket (autoConnect off); `auth` is asked for credentials on every attempt. */
  createSocket: (auth: AuthProvider) => AppSocket;
  store: ConnectionStore;
  /** A released room is left after this delay, so a page switch to the same coin keeps it. */
  releaseDelayMs?: number;
  /** Failed attempts in a row after which the indicator says offline (it keeps retrying). */
  offlineAfterAttempts?: number;
  /** Retry delay when the server refuses even an anonymous handshake. */
  refusedRetryMs?: number;
  isOnline?: () => boolean;
}

export interface Realtime {
  start: (token: string | null) => void;
  stop: () => void;
  /** A new session (sign-in, sign-out, password change): reconnect with its token. */
  setToken: (token: string | null) => void;
  /** Joins `market:{SYMBOL}` until every holder has released it; re-joined after each reconnect. */
  retainMarket: (symbol: string) => () => void;
  /** Joins `ticker` the same way. */
  retainTicker: () => () => void;
  on: <E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) => () => void;
  onMarketSnapshot: (listener: (snapshot: MarketSnapshot) => void) => () => void;
  onTickerSnapshot: (listener: (coins: TickerEntry[]) => void) => () => void;
  /**
   * The server ended the session of the token this socket signed in with (`session:ended`),
   * `token` being that token. The socket goes on anonymously until the session changes.
   */
  onSessionEnded: (listener: (event: SessionEndedEvent, token: string | null) => void) => () => void;
  /** The handshake refused the session's token (invalid, expired, revoked, banned). */
  onTokenRefused: (listener: (token: string) => void) => () => void;
  /** Rooms currently held, for tests and the debug handle. */
  held: () => { markets: string[]; ticker: boolean };
  /** Test hook: drops the transport as a network failure would; the first retry waits holdMs. */
  dropTransport: (holdMs?: number) => void;
}

const DEFAULT_RECONNECT = { delay: 1000, delayMax: 5000, jitter: 0.5 } as const;

/**
 * Whether a refused handshake leaves the token good: a server failure, or 429 (this user's
 * socket was cut for flooding and may come back after a pause). `connect_error` from the
 * handshake carries `data: { statusCode, message }`.
 */
function keepsToken(error: Error): boolean {
  const data: unknown = 'data' in error ? error.data : undefined;
  if (!data || typeof data !== 'object' || !('statusCode' in data)) return false;
  return typeof data.statusCode === 'number' && (data.statusCode >= 500 || data.statusCode === 429);
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const releaseDelayMs = options.releaseDelayMs ?? 1500;
  const offlineAfter = options.offlineAfterAttempts ?? 3;
  const refusedRetryMs = options.refusedRetryMs ?? 5000;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const store = options.store;

  let token: string | null = null;
  // A token the server refused in the handshake (or whose session it ended): the socket goes on
  // anonymously until the session changes.
  let refusedToken: string | null = null;
  // The token the open connection signed in with.
  let connectedToken: string | null = null;
  /** The token a handshake sends now: none once the server refused it or ended its session. */
  const handshakeToken = () => (token && token !== refusedToken ? token : null);
  let started = false;
  let everConnected = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const markets = new Map<string, number>();
  const marketRelease = new Map<string, ReturnType<typeof setTimeout>>();
  let tickerRefs = 0;
  let tickerRelease: ReturnType<typeof setTimeout> | undefined;
  let tickerJoined = false;
  const snapshotListeners = new Set<(snapshot: MarketSnapshot) => void>();
  const tickerListeners = new Set<(coins: TickerEntry[]) => void>();
  const sessionEndedListeners = new Set<(event: SessionEndedEvent, token: string | null) => void>();
  const tokenRefusedListeners = new Set<(token: string) => void>();

  const socket = options.createSocket((cb) => {
    const sent = handshakeToken();
    cb(sent ? { token: sent } : {});
  });
  const setState = store.getState().setState;

  function joinMarket(symbol: string) {
    socket.emit('subscribe', { symbol }, (reply) => {
      if (!reply.ok) return; // an unknown coin: the page says so from the coin list
      const { tick, book, stats } = reply.data;
      for (const listener of snapshotListeners) listener({ symbol, tick, book, stats });
    });
  }

  function leaveMarket(symbol: string) {
    markets.delete(symbol);
    marketRelease.delete(symbol);
    if (socket.connected) socket.emit('unsubscribe', { symbol }, () => {});
  }

  function joinTicker() {
    socket.emit('ticker:subscribe', (reply) => {
      if (!reply.ok) return;
      for (const listener of tickerListeners) listener(reply.data.coins);
    });
  }

  socket.on('connect', () => {
    // Any change of token since the handshake disconnects and connects again.
    connectedToken = handshakeToken();
    everConnected = true;
    failures = 0;
    clearTimeout(retryTimer);
    store.getState().connected();
    // The server forgets rooms with the connection: join them again, and the acks bring the
    // page up to date with whatever changed while it was away.
    for (const symbol of markets.keys()) joinMarket(symbol);
    tickerJoined = tickerRefs > 0 || tickerRelease !== undefined;
    if (tickerJoined) joinTicker();
    // The server sends feed:status right after every connect.
  });

  socket.on('disconnect', (reason) => {
    if (!started) {
      setState('offline');
      return;
    }
    setState('reconnecting');
    // The server closed this socket on purpose (e.g. a revoked token): the client does not
    // retry by itself after that, so connect again (anonymously if the token is refused).
    if (reason === 'io server disconnect') socket.connect();
  });

  socket.on('connect_error', (error) => {
    if (!started) return;
    failures += 1;
    if (!socket.active) {
      // Refused by the server in the handshake rather than by the network. A refused token
      // (401: invalid, expired, revoked, banned) is dropped and the socket goes on
      // anonymously; a server failure or a flood's pause is retried later as it was.
      if (token && refusedToken !== token && !keepsToken(error)) {
        refusedToken = token;
        socket.connect();
        for (const listener of tokenRefusedListeners) listener(token);
        return;
      }
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (started && !socket.connected) socket.connect();
      }, refusedRetryMs);
    }
    if (failures >= offlineAfter || !isOnline()) setState('offline');
    else setState(everConnected ? 'reconnecting' : 'connecting');
  });

  socket.on('feed:status', (feed) => store.getState().setFeed(feed));

  // Sent just before the server closes the socket: its token no longer works anywhere.
  socket.on('session:ended', (event) => {
    const ended = connectedToken;
    if (ended !== null && ended === token) refusedToken = ended;
    for (const listener of sessionEndedListeners) listener(event, ended);
  });

  const realtime: Realtime = {
    start(initialToken) {
      if (started) {
        realtime.setToken(initialToken);
        return;
      }
      started = true;
      token = initialToken;
      setState(everConnected ? 'reconnecting' : 'connecting');
      socket.connect();
    },

    stop() {
      started = false;
      clearTimeout(retryTimer);
      socket.disconnect();
      setState('offline');
    },

    setToken(next) {
      if (next === token) return;
      token = next;
      refusedToken = null;
      if (!started) return;
      if (socket.connected || socket.active) socket.disconnect();
      setState(everConnected ? 'reconnecting' : 'connecting');
      socket.connect();
    },

    retainMarket(raw) {
      const symbol = raw.trim().toUpperCase();
      const holders = markets.get(symbol) ?? 0;
      const pending = marketRelease.get(symbol);
      markets.set(symbol, holders + 1);
      if (pending !== undefined) {
        // Still in the room from the last holder: keep it.
        clearTimeout(pending);
        marketRelease.delete(symbol);
      } else if (holders === 0 && socket.connected) {
        joinMarket(symbol);
      }
      return once(() => {
        const left = (markets.get(symbol) ?? 1) - 1;
        markets.set(symbol, left);
        if (left > 0) return;
        if (releaseDelayMs <= 0) leaveMarket(symbol);
        else
          marketRelease.set(
            symbol,
            setTimeout(() => leaveMarket(symbol), releaseDelayMs),
          );
      });
    },

    retainTicker() {
      tickerRefs += 1;
      if (tickerRelease !== undefined) {
        clearTimeout(tickerRelease);
        tickerRelease = undefined;
      } else if (tickerRefs === 1 && socket.connected) {
        tickerJoined = true;
        joinTicker();
      }
      return once(() => {
        tickerRefs -= 1;
        if (tickerRefs > 0) return;
        const leave = () => {
          tickerRelease = undefined;
          if (tickerJoined && socket.connected) socket.emit('ticker:unsubscribe', () => {});
          tickerJoined = false;
        };
        if (releaseDelayMs <= 0) leave();
        else tickerRelease = setTimeout(leave, releaseDelayMs);
      });
    },

    on(event, handler) {
      // The generic event/handler pair is exactly what socket.on accepts for that event.
      const add = socket.on.bind(socket) as (e: string, h: ServerToClientEvents[typeof event]) => void;
      const remove = socket.off.bind(socket) as (e: string, h: ServerToClientEvents[typeof event]) => void;
      add(event, handler);
      return () => remove(event, handler);
    },

    onMarketSnapshot(listener) {
      snapshotListeners.add(listener);
      return () => snapshotListeners.delete(listener);
    },

    onTickerSnapshot(listener) {
      tickerListeners.add(listener);
      return () => tickerListeners.delete(listener);
    },

    onSessionEnded(listener) {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },

    onTokenRefused(listener) {
      tokenRefusedListeners.add(listener);
      return () => tokenRefusedListeners.delete(listener);
    },

    held() {
      return { markets: [...markets.keys()], ticker: tickerRefs > 0 || tickerRelease !== undefined };
    },

    dropTransport(holdMs = 1500) {
      const manager = socket.io;
      manager.reconnectionDelay(holdMs);
      manager.reconnectionDelayMax(Math.max(holdMs, DEFAULT_RECONNECT.delayMax));
      manager.randomizationFactor(0);
      manager.once('reconnect', () => {
        manager.reconnectionDelay(DEFAULT_RECONNECT.delay);
        manager.reconnectionDelayMax(DEFAULT_RECONNECT.delayMax);
        manager.randomizationFactor(DEFAULT_RECONNECT.jitter);
      });
      manager.engine?.close();
    },
  };
  return realtime;
}
