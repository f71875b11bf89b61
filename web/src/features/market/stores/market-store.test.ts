import { LIVE_PRICE_POINTS, type MarketResponse, type TickerEntry } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '../../../lib/socket.ts';
import { book, coin, stats, tick } from '../../../test/fixtures.ts';
import { flushTicks, resetMarketStore, TICK_FLUSH_MS, useMarketStore } from './market-store.ts';

const state = () => useMarketStore.getState();

beforeEach(() => {
  resetMarketStore();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tick application', () => {
  it('applies a burst of ticks in one store update after TICK_FLUSH_MS', () => {
    vi.useFakeTimers();
    let updates = 0;
    const unsubscribe = useMarketStore.subscribe(() => {
      updates += 1;
    });
    for (let i = 1; i <= 10; i++) state().ingestTick(tick('BTC', 100 + i));
    expect(updates).toBe(0);
    expect(state().ticks.BTC).toBeUndefined();

    vi.advanceTimersByTime(TICK_FLUSH_MS);
    expect(updates).toBe(1);
    expect(state().ticks.BTC?.price).toBe(110);
    expect(state().recent.BTC?.map((t) => t.price)).toEqual([
      101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
    ]);
    unsubscribe();
  });

  it('applies ticks that arrived out of order in exchange order', () => {
    const a = tick('BTC', 1);
    const b = tick('BTC', 2);
    const c = tick('BTC', 3);
    state().ingestTick(c);
    state().ingestTick(a);
    state().ingestTick(b);
    flushTicks();
    expect(state().ticks.BTC).toBe(c);
    expect(state().recent.BTC?.map((t) => t.price)).toEqual([1, 2, 3]);
  });

  it('drops a tick older than the price shown', () => {
    const older = tick('BTC', 50);
    const newer = tick('BTC', 60);
    state().applyTicks([newer]);
    const before = state();
    state().applyTicks([older]);
    expect(state()).toBe(before);
    expect(state().ticks.BTC?.price).toBe(60);
  });

  it('keeps the last LIVE_PRICE_POINTS prices per symbol', () => {
    const ticks = Array.from({ length: LIVE_PRICE_POINTS + 15 }, (_, i) => tick('ETH', i));
    state().applyTicks(ticks);
    const recent = state().recent.ETH ?? [];
    expect(recent).toHaveLength(LIVE_PRICE_POINTS);
    expect(recent[0]?.price).toBe(15);
    expect(recent[LIVE_PRICE_POINTS - 1]?.price).toBe(LIVE_PRICE_POINTS + 14);
  });

  it('keeps symbols apart and moves the quote with the tick', () => {
    useMarketStore.setState({ quotes: { BTC: { price: 1, priceChangePercent: 2, volume: 3 } } });
    state().applyTicks([tick('BTC', 5), tick('ETH', 7)]);
    expect(state().ticks.BTC?.price).toBe(5);
    expect(state().ticks.ETH?.price).toBe(7);
    expect(state().quotes.BTC).toEqual({ price: 5, priceChangePercent: 2, volume: 3 });
  });
});

describe('snapshots, books, stats and the ticker', () => {
  it('does not let an older subscribe snapshot move the price back', () => {
    const snapshotTick = tick('BTC', 100);
    const live = tick('BTC', 101);
    state().applyTicks([live]);
    state().applySnapshot({
      symbol: 'BTC',
      tick: snapshotTick,
      book: book('BTC', 10),
      stats: stats('BTC', 10),
    });
    expect(state().ticks.BTC).toBe(live);
    expect(state().books.BTC?.ts).toBe(10);
    expect(state().stats.BTC?.ts).toBe(10);
  });

  it('takes a newer book and stats only', () => {
    state().applyBook(book('BTC', 20));
    state().applyBook(book('BTC', 10));
    expect(state().books.BTC?.ts).toBe(20);
    state().applyStats(stats('BTC', 20, 1));
    state().applyStats(stats('BTC', 19, 9));
    expect(state().stats.BTC?.priceChangePercent).toBe(1);
  });

  it('merges ticker entries into the quotes and leaves the store alone when nothing changed', () => {
    const entries: TickerEntry[] = [
      { symbol: 'BTC', price: 10, priceChangePercent: 1, volume: 100, source: 'binance' },
      { symbol: 'ETH', price: 5, priceChangePercent: -1, volume: 50, source: 'binance' },
    ];
    state().applyTicker(entries);
    expect(state().quotes.ETH).toEqual({ price: 5, priceChangePercent: -1, volume: 50 });
    const before = state();
    state().applyTicker(entries);
    expect(state()).toBe(before);
  });
});

describe('loading', () => {
  const response: MarketResponse = {
    coins: [coin('BTC', 'Bitcoin', 65000), coin('ETH', 'Ethereum', 3000)],
    usdtInr: 84.1,
    feed: { source: 'simulated', state: 'live', simulated: true, since: 1 },
  };

  it('loads the coins, their quotes, the rate and the feed status from GET /api/market', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(response)));
    await state().loadCoins();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/market');
    expect(state().coinsStatus).toBe('ready');
    expect(state().coins.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    expect(state().quotes.ETH?.price).toBe(3000);
    expect(state().usdtInr).toBe(84.1);
    expect(connectionStore.getState().feed?.simulated).toBe(true);
  });

  it('reports a failed first load as an error and logs it', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await state().loadCoins();
    expect(state().coinsStatus).toBe('error');
    expect(warn).toHaveBeenCalled();
  });

  it('takes the INR rate from GET /api/binance/usdt-inr', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ inr: 85.25, source: 'test', updatedAt: 1 })));
    await state().loadRate();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/binance/usdt-inr');
    expect(state().usdtInr).toBe(85.25);
  });
});
