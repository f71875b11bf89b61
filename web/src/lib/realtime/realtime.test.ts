import type { FeedStatus, TickerEntry } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { book, stats, tick } from '../../test/fixtures.ts';
import { type ConnectionStore, createConnectionStore } from './connection-store.ts';
import { createRealtime, type MarketSnapshot, type Realtime } from './realtime.ts';

let socket: FakeSocket;
let store: ConnectionStore;
let rt: Realtime;
const feed: FeedStatus = { source: 'simulated', state: 'live', simulated: true, since: 1 };

function setup(options: { releaseDelayMs?: number; offlineAfterAttempts?: number } = {}) {
  store = createConnectionStore();
  rt = createRealtime({
    createSocket: (auth) => {
      socket = new FakeSocket(auth);
      return socket.asSocket();
    },
    store,
    releaseDelayMs: options.releaseDelayMs ?? 0,
    offlineAfterAttempts: options.offlineAfterAttempts ?? 3,
    isOnline: () => true,
  });
}

const symbolsSent = (event: 'subscribe' | 'unsubscribe') =>
  socket.emitted(event).map((args) => (args[0] as { symbol: string }).symbol);

beforeEach(() => setup());
afterEach(() => {
  vi.useRealTimers();
});

describe('room subscriptions', () => {
  it('joins a market once however many components hold it, and leaves after the last release', () => {
    rt.start(null);
    socket.accept();
    const a = rt.retainMarket('btc');
    const b = rt.retainMarket('BTC');
    expect(symbolsSent('subscribe')).toEqual(['BTC']);

    a();
    a(); // releasing twice counts once
    expect(symbolsSent('unsubscribe')).toEqual([]);
    b();
    expect(symbolsSent('unsubscribe')).toEqual(['BTC']);
    expect(rt.held().markets).toEqual([]);
  });

  it('sends nothing while disconnected and subscribes once when the connection opens', () => {
    rt.start(null);
    const release = rt.retainMarket('ETH');
    rt.retainTicker();
    expect(socket.sent).toEqual([]);
    socket.accept();
    expect(symbolsSent('subscribe')).toEqual(['ETH']);
    expect(socket.emitted('ticker:subscribe')).toHaveLength(1);
    release();
  });

  it('re-sends every held subscription after a reconnect and applies the snapshot from the ack', () => {
    rt.start(null);
    socket.accept();
    const snapshots: MarketSnapshot[] = [];
    const tickers: TickerEntry[][] = [];
    rt.onMarketSnapshot((s) => snapshots.push(s));
    rt.onTickerSnapshot((coins) => tickers.push(coins));
    rt.retainMarket('BTC');
    rt.retainMarket('ETH');
    rt.retainTicker();
    const released = rt.retainMarket('SOL');
    released();
    expect(symbolsSent('subscribe')).toEqual(['BTC', 'ETH', 'SOL']);

    socket.drop();
    expect(store.getState().state).toBe('reconnecting');
    socket.accept();
    expect(store.getState().state).toBe('live');
    expect(symbolsSent('subscribe')).toEqual(['BTC', 'ETH', 'SOL', 'BTC', 'ETH']);
    expect(socket.emitted('ticker:subscribe')).toHaveLength(2);

    const latest = tick('BTC', 101);
    socket.ack('subscribe', 3, {
      ok: true,
      data: { room: 'market:BTC', tick: latest, book: book('BTC', 5), stats: stats('BTC', 5) },
    });
    socket.ack('subscribe', 4, { ok: false, error: 'Unknown market: ETH.' });
    const entries: TickerEntry[] = [
      { symbol: 'BTC', price: 101, priceChangePercent: 1, volume: 2, source: 'binance' },
    ];
    socket.ack('ticker:subscribe', 1, { ok: true, data: { room: 'ticker', coins: entries } });

    expect(snapshots).toEqual([
      { symbol: 'BTC', tick: latest, book: book('BTC', 5), stats: stats('BTC', 5) },
    ]);
    expect(tickers).toEqual([entries]);
    expect(store.getState().reconnects).toBe(1);
  });

  it('keeps the room through a quick release and re-take (a page switch to the same coin)', () => {
    vi.useFakeTimers();
    setup({ releaseDelayMs: 1000 });
    rt.start(null);
    socket.accept();
    const first = rt.retainMarket('BTC');
    first();
    vi.advanceTimersByTime(500);
    const second = rt.retainMarket('BTC');
    vi.advanceTimersByTime(2000);
    expect(symbolsSent('subscribe')).toEqual(['BTC']);
    expect(symbolsSent('unsubscribe')).toEqual([]);

    second();
    vi.advanceTimersByTime(999);
    expect(symbolsSent('unsubscribe')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(symbolsSent('unsubscribe')).toEqual(['BTC']);
  });

  it('routes server events to handlers until they are removed', () => {
    rt.start(null);
    socket.accept();
    const seen: number[] = [];
    const off = rt.on('market:tick', (t) => seen.push(t.price));
    socket.serverEmit('market:tick', tick('BTC', 1));
    off();
    socket.serverEmit('market:tick', tick('BTC', 2));
    expect(seen).toEqual([1]);
  });
});

describe('connection state', () => {
  it('goes connecting → live → reconnecting → live', () => {
    rt.start(null);
    expect(store.getState().state).toBe('connecting');
    socket.accept();
    expect(store.getState().state).toBe('live');
    socket.drop();
    expect(store.getState().state).toBe('reconnecting');
    socket.failAttempt();
    expect(store.getState().state).toBe('reconnecting');
    socket.accept();
    expect(store.getState().history).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('says offline after repeated failed attempts and live again when one succeeds', () => {
    rt.start(null);
    socket.accept();
    socket.drop();
    socket.failAttempt();
    socket.failAttempt();
    expect(store.getState().state).toBe('reconnecting');
    socket.failAttempt();
    expect(store.getState().state).toBe('offline');
    socket.accept();
    expect(store.getState().state).toBe('live');
  });

  it('takes feed:status events (the server sends one on every connect)', () => {
    rt.start(null);
    socket.accept();
    socket.serverEmit('feed:status', feed);
    expect(store.getState().feed).toEqual(feed);
    const down: FeedStatus = { source: 'binance', state: 'down', simulated: false, since: 9 };
    socket.serverEmit('feed:status', down);
    expect(store.getState().feed).toEqual(down);
  });

  it('connects again by itself when the server closes the socket', () => {
    rt.start('tok');
    socket.accept();
    const before = socket.connectCalls;
    socket.drop('io server disconnect');
    expect(socket.connectCalls).toBe(before + 1);
  });
});

describe('session token', () => {
  it('sends the token in the handshake and reconnects with the new one when the session changes', () => {
    rt.start('token-a');
    expect(socket.handshake()).toEqual({ token: 'token-a' });
    socket.accept();
    rt.retainMarket('BTC');

    const calls = socket.connectCalls;
    rt.setToken('token-b');
    expect(socket.connected).toBe(false);
    expect(socket.connectCalls).toBe(calls + 1);
    expect(socket.handshake()).toEqual({ token: 'token-b' });
    socket.accept();
    expect(symbolsSent('subscribe')).toEqual(['BTC', 'BTC']);

    rt.setToken(null);
    expect(socket.handshake()).toEqual({});
  });

  it('does nothing when the token did not change', () => {
    rt.start('same');
    socket.accept();
    const calls = socket.connectCalls;
    rt.setToken('same');
    expect(socket.connectCalls).toBe(calls);
    expect(socket.connected).toBe(true);
  });

  it('reconnects anonymously when the server refuses the token', () => {
    rt.start('expired');
    const calls = socket.connectCalls;
    socket.refuse('Your session has expired. Please log in again.', 401);
    expect(socket.connectCalls).toBe(calls + 1);
    expect(socket.handshake()).toEqual({});
    socket.accept();
    expect(store.getState().state).toBe('live');

    // A new sign-in tries its token again.
    rt.setToken('fresh');
    expect(socket.handshake()).toEqual({ token: 'fresh' });
  });

  it('tells its listeners when the server refuses the token', () => {
    const refused: string[] = [];
    rt.onTokenRefused((token) => refused.push(token));
    rt.start('revoked');
    socket.refuse('Your session has expired. Please log in again.', 401);
    expect(refused).toEqual(['revoked']);
  });

  it('passes session:ended on with the token the socket signed in with, and goes on anonymously', () => {
    const ended: Array<[unknown, string | null]> = [];
    rt.onSessionEnded((event, token) => ended.push([event, token]));
    rt.start('token-a');
    socket.accept();
    const event = { reason: 'banned', message: 'This account has been banned.' };
    socket.serverEmit('session:ended', event);
    expect(ended).toEqual([[event, 'token-a']]);
    // The server closes the socket: the reconnection does not offer the dead token.
    socket.drop();
    expect(socket.handshake()).toEqual({});
    // The next session's token is offered again.
    rt.setToken('token-b');
    expect(socket.handshake()).toEqual({ token: 'token-b' });
    socket.accept();
    socket.serverEmit('session:ended', event);
    expect(ended[1]).toEqual([event, 'token-b']);
  });

  it('keeps the token and retries later when the handshake fails on the server', () => {
    vi.useFakeTimers();
    setup();
    rt.start('good');
    const calls = socket.connectCalls;
    socket.refuse('Something went wrong', 500);
    expect(socket.connectCalls).toBe(calls);
    expect(socket.handshake()).toEqual({ token: 'good' });
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(calls + 1);
  });

  it('keeps the token and retries later when its user is held back after a flood', () => {
    vi.useFakeTimers();
    setup();
    const refused: string[] = [];
    rt.onTokenRefused((token) => refused.push(token));
    rt.start('good');
    const calls = socket.connectCalls;
    socket.refuse('Too many requests at once. Please slow down.', 429);
    expect(refused).toEqual([]);
    expect(socket.handshake()).toEqual({ token: 'good' });
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(calls + 1);
  });

  it('retries later when even an anonymous handshake is refused', () => {
    vi.useFakeTimers();
    setup();
    rt.start(null);
    const calls = socket.connectCalls;
    socket.refuse('server busy');
    expect(socket.connectCalls).toBe(calls);
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(calls + 1);
  });
});
