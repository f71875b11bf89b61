import { TIMINGS } from '@app/shared';
import { useEffect } from 'react';
import { type Realtime, realtime } from '../../../lib/socket.ts';
import { useMarketStore } from './market-store.ts';

type FeedSource = Pick<Realtime, 'on' | 'onMarketSnapshot' | 'onTickerSnapshot'>;

/** Routes the socket's market events into the store; returns the undo. */
export function connectMarketFeed(source: FeedSource, store = useMarketStore): () => void {
  const s = () => store.getState();
  const offs = [
    source.on('market:tick', (tick) => s().ingestTick(tick)),
    source.on('market:book', (book) => s().applyBook(book)),
    source.on('market:stats', (stats) => s().applyStats(stats)),
    source.on('ticker', ({ coins }) => s().applyTicker(coins)),
    // An admin added, edited or removed a coin: the lists show the change now, not at the next refresh.
    source.on('market:coins', () => void s().loadCoins({ force: true })),
    source.onMarketSnapshot((snapshot) => s().applySnapshot(snapshot)),
    source.onTickerSnapshot((coins) => s().applyTicker(coins)),
  ];
  return () => {
    for (const off of offs) off();
  };
}

let connected = false;
function ensureFeed(): void {
  if (connected) return;
  connected = true;
  connectMarketFeed(realtime);
}

/** Live price, book and stats of one coin while the component is mounted. */
export function useMarketChannel(symbol: string | null): void {
  useEffect(() => {
    if (!symbol) return;
    ensureFeed();
    return realtime.retainMarket(symbol);
  }, [symbol]);
}

/** Every enabled coin's price (at most once a second) while mounted. */
export function useTickerChannel(): void {
  useEffect(() => {
    ensureFeed();
    return realtime.retainTicker();
  }, []);
}

/** Loads the coin list (again every marketRefreshMs while mounted) and the INR rate. */
export function useMarketData(): void {
  useEffect(() => {
    const { loadCoins, loadRate } = useMarketStore.getState();
    void loadCoins();
    void loadRate();
    const timer = setInterval(() => {
      void loadCoins({ force: true });
      void loadRate();
    }, TIMINGS.marketRefreshMs);
    return () => clearInterval(timer);
  }, []);
}
