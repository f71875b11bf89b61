import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionStore } from '../../../lib/realtime/connection-store.ts';
import { createRealtime } from '../../../lib/realtime/realtime.ts';
import { candlesFor } from '../../../test/api-mock.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { book, stats, tick } from '../../../test/fixtures.ts';
import { followCandles } from '../components/charts/follow-candles.ts';
import { connectMarketFeed } from './market-feed.ts';
import { flushTicks, resetMarketStore, useMarketStore } from './market-store.ts';

let socket: FakeSocket;
let disconnect: () => void;

beforeEach(() => {
  resetMarketStore();
  const rt = createRealtime({
    createSocket: (auth) => {
      socket = new FakeSocket(auth);
      return socket.asSocket();
    },
    store: createConnectionStore(),
    releaseDelayMs: 0,
  });
  disconnect = connectMarketFeed(rt);
  rt.start(null);
  socket.accept();
  rt.retainMarket('BTC');
  rt.retainTicker();
});
afterEach(() => disconnect());

describe('socket events into the store', () => {
  it('routes ticks, books, stats, the ticker and subscribe snapshots', () => {
    socket.serverEmit('market:tick', tick('BTC', 10));
    flushTicks();
    socket.serverEmit('market:book', book('BTC', 7));
    socket.serverEmit('market:stats', stats('BTC', 7));
    socket.serverEmit('ticker', {
      ts: 1,
      coins: [{ symbol: 'SOL', price: 150, priceChangePercent: 3, volume: 9, source: 'binance' }],
    });
    const s = useMarketStore.getState();
    expect(s.ticks.BTC?.price).toBe(10);
    expect(s.books.BTC?.ts).toBe(7);
    expect(s.stats.BTC?.ts).toBe(7);
    expect(s.quotes.SOL?.price).toBe(150);

    socket.ack('subscribe', 0, {
      ok: true,
      data: { room: 'market:BTC', tick: tick('BTC', 11), book: book('BTC', 8), stats: null },
    });
    socket.ack('ticker:subscribe', 0, {
      ok: true,
      data: {
        room: 'ticker',
        coins: [{ symbol: 'ETH', price: 1, priceChangePercent: 0, volume: 0, source: 'binance' }],
      },
    });
    expect(useMarketStore.getState().ticks.BTC?.price).toBe(11);
    expect(useMarketStore.getState().books.BTC?.ts).toBe(8);
    expect(useMarketStore.getState().quotes.ETH?.price).toBe(1);
  });

  it('drops a market event its channel already passed (by sequence number), until a snapshot', () => {
    socket.serverEmit('market:stats', { ...stats('BTC', 7), seq: 20 });
    // Skipped events (a gap) are fine: the newest is shown.
    socket.serverEmit('market:stats', { ...stats('BTC', 9), seq: 25 });
    socket.serverEmit('market:stats', { ...stats('BTC', 8), seq: 24 });
    socket.serverEmit('ticker', {
      ts: 2,
      seq: 5,
      coins: [{ symbol: 'SOL', price: 151, priceChangePercent: 3, volume: 9, source: 'binance' }],
    });
    socket.serverEmit('ticker', {
      ts: 1,
      seq: 4,
      coins: [{ symbol: 'SOL', price: 150, priceChangePercent: 3, volume: 9, source: 'binance' }],
    });
    expect(useMarketStore.getState().stats.BTC?.ts).toBe(9);
    expect(useMarketStore.getState().quotes.SOL?.price).toBe(151);

    // A snapshot of the room: its channels count again from what comes next (a new feed
    // leader's numbers), while nothing older than the snapshot replaces it.
    socket.ack('subscribe', 0, {
      ok: true,
      data: { room: 'market:BTC', tick: null, book: null, stats: stats('BTC', 10) },
    });
    socket.serverEmit('market:stats', { ...stats('BTC', 9), seq: 3 });
    expect(useMarketStore.getState().stats.BTC?.ts).toBe(10);
    socket.serverEmit('market:stats', { ...stats('BTC', 11), seq: 4 });
    expect(useMarketStore.getState().stats.BTC?.ts).toBe(11);
  });

  it('loads the coin list again when an admin changes a coin (market:coins)', () => {
    const loadCoins = useMarketStore.getState().loadCoins;
    const reload = vi.fn(async () => {});
    useMarketStore.setState({ loadCoins: reload });
    try {
      socket.serverEmit('market:coins', { symbol: 'DOGE', action: 'update', ts: 1 });
      expect(reload).toHaveBeenCalledWith({ force: true });
    } finally {
      useMarketStore.setState({ loadCoins });
    }
  });

  it('stops routing after the undo', () => {
    disconnect();
    socket.serverEmit('market:book', book('BTC', 7));
    expect(useMarketStore.getState().books.BTC).toBeUndefined();
  });
});

describe('charts follow the store without React', () => {
  it('moves the last candle with each tick and redraws everything in INR when the rate changes', () => {
    const history = candlesFor('15m', [100, 101]);
    const last = history[1];
    if (!last) throw new Error('no candle');
    const draws: Array<{ count: number; rate: number }> = [];
    const updates: Array<{ close: number; time: number; rate: number }> = [];
    const stop = followCandles({
      symbol: 'BTC',
      intervalSeconds: 900,
      history,
      draw: (candles, rate) => draws.push({ count: candles.length, rate }),
      update: (c, rate) => updates.push({ close: c.close, time: c.time, rate }),
    });
    expect(draws).toEqual([{ count: 2, rate: 83.4 }]);

    const inLast = (offset: number, price: number) =>
      tick('BTC', price, { exchangeTs: (last.time + offset) * 1000 });
    useMarketStore.getState().applyTicks([inLast(10, 105), inLast(20, 99)]);
    useMarketStore.getState().applyTicks([inLast(900, 120)]);
    expect(updates).toEqual([
      { close: 105, time: last.time, rate: 83.4 },
      { close: 99, time: last.time, rate: 83.4 },
      { close: 120, time: last.time + 900, rate: 83.4 },
    ]);

    useMarketStore.getState().setRate(90);
    expect(draws.at(-1)).toEqual({ count: 3, rate: 90 });
    stop();
    useMarketStore.getState().applyTicks([inLast(930, 121)]);
    expect(updates).toHaveLength(3);
  });
});
