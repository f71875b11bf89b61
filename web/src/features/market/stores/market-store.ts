import {
  DEFAULT_USDT_INR,
  type MarketCoin,
  type OrderBook,
  type Stats24h,
  TIMINGS,
  type Tick,
  type TickerEntry,
} from '@app/shared';
import { create } from 'zustand';
import type { MarketSnapshot } from '../../../lib/socket.ts';
import { connectionStore } from '../../../lib/socket.ts';
import { getMarket } from '../api/get-market.ts';
import { getUsdtInr } from '../api/get-usdt-inr.ts';
import {
  isNewerBook,
  isNewerStats,
  type Quote,
  quotesFromCoins,
  reduceTicker,
  reduceTicks,
} from './market-reducers.ts';

export type CoinsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface MarketState {
  /** GET /api/market: enabled coins in sort order. */
  coins: MarketCoin[];
  coinsStatus: CoinsStatus;
  coinsLoadedAt: number;
  quotes: Record<string, Quote>;
  /** Latest tick per subscribed symbol. */
  ticks: Record<string, Tick>;
  /** The last LIVE_PRICE_POINTS ticks per subscribed symbol, oldest first. */
  recent: Record<string, Tick[]>;
  books: Record<string, OrderBook>;
  stats: Record<string, Stats24h>;
  /** USDT-INR display rate. */
  usdtInr: number;

  loadCoins: (options?: { force?: boolean }) => Promise<void>;
  loadRate: () => Promise<void>;
  /** Queues a live tick; queued ticks are applied together every TICK_FLUSH_MS. */
  ingestTick: (tick: Tick) => void;
  applyTicks: (ticks: readonly Tick[]) => void;
  applyBook: (book: OrderBook) => void;
  applyStats: (stats: Stats24h) => void;
  applyTicker: (entries: readonly TickerEntry[]) => void;
  applySnapshot: (snapshot: MarketSnapshot) => void;
  setRate: (rate: number) => void;
}

/** At most this often the store takes new ticks: one render per batch, however fast they come. */
export const TICK_FLUSH_MS = 50;
const PENDING_LIMIT = 1000;

let pending: Tick[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let coinsRequest: Promise<void> | null = null;

const initialData = {
  coins: [] as MarketCoin[],
  coinsStatus: 'idle' as CoinsStatus,
  coinsLoadedAt: 0,
  quotes: {} as Record<string, Quote>,
  ticks: {} as Record<string, Tick>,
  recent: {} as Record<string, Tick[]>,
  books: {} as Record<string, OrderBook>,
  stats: {} as Record<string, Stats24h>,
  usdtInr: DEFAULT_USDT_INR,
};

const validRate = (rate: unknown): rate is number =>
  typeof rate === 'number' && Number.isFinite(rate) && rate > 0;

export const useMarketStore = create<MarketState>()((set, get) => ({
  ...initialData,

  loadCoins: ({ force = false } = {}) => {
    const state = get();
    if (coinsRequest) return coinsRequest;
    if (
      !force &&
      state.coinsStatus === 'ready' &&
      Date.now() - state.coinsLoadedAt < TIMINGS.marketRefreshMs
    ) {
      return Promise.resolve();
    }
    if (state.coinsStatus !== 'ready') set({ coinsStatus: 'loading' });
    coinsRequest = getMarket()
      .then((res) => {
        const quotes = { ...get().quotes, ...quotesFromCoins(res.coins) };
        set({
          coins: res.coins,
          quotes,
          coinsStatus: 'ready',
          coinsLoadedAt: Date.now(),
          ...(validRate(res.usdtInr) ? { usdtInr: res.usdtInr } : {}),
        });
        if (res.feed) connectionStore.getState().setFeed(res.feed);
      })
      .catch((error: unknown) => {
        console.warn('Failed to load the market', error);
        // Coins already on screen stay; only a first load failing is an error.
        if (get().coinsStatus !== 'ready') set({ coinsStatus: 'error' });
      })
      .finally(() => {
        coinsRequest = null;
      });
    return coinsRequest;
  },

  loadRate: async () => {
    try {
      const { inr } = await getUsdtInr();
      get().setRate(inr);
    } catch (error) {
      console.warn('Failed to load the USDT-INR rate', error);
    }
  },

  ingestTick: (tick) => {
    pending.push(tick);
    if (pending.length > PENDING_LIMIT) pending = pending.slice(-PENDING_LIMIT);
    flushTimer ??= setTimeout(flushTicks, TICK_FLUSH_MS);
  },

  applyTicks: (ticks) => {
    const next = reduceTicks(get(), ticks);
    if (next) set(next);
  },

  applyBook: (book) => {
    if (isNewerBook(book, get().books[book.symbol])) set({ books: { ...get().books, [book.symbol]: book } });
  },

  applyStats: (stats) => {
    if (isNewerStats(stats, get().stats[stats.symbol]))
      set({ stats: { ...get().stats, [stats.symbol]: stats } });
  },

  applyTicker: (entries) => {
    const quotes = reduceTicker(get().quotes, entries);
    if (quotes) set({ quotes });
  },

  applySnapshot: ({ tick, book, stats }) => {
    if (tick) get().applyTicks([tick]);
    if (book) get().applyBook(book);
    if (stats) get().applyStats(stats);
  },

  setRate: (rate) => {
    if (validRate(rate) && rate !== get().usdtInr) set({ usdtInr: rate });
  },
}));

/** Applies the queued ticks now (the timer does this by itself). */
export function flushTicks(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  useMarketStore.getState().applyTicks(batch);
}

/** For tests: back to an empty market. */
export function resetMarketStore(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  pending = [];
  coinsRequest = null;
  useMarketStore.setState(initialData);
}
