import { rooms, TIMINGS } from '@app/shared';
import { useEffect } from 'react';
import { exposeDebug } from '../../../lib/debug.ts';
import { createSeqTracker, type SeqTracker } from '../../../lib/realtime/market-seq.ts';
import { type Realtime, realtime } from '../../../lib/socket.ts';
import { useMarketStore } from './market-store.ts';

type FeedSource = Pick<Realtime, 'on' | 'onMarketSnapshot' | 'onTickerSnapshot'>;

/**
 * Routes the socket's market events into the store; returns the undo. An event older than one
 * its channel already showed (by sequence number) is dropped; the store also keeps a tick, book
 * or stats older than what it holds (by exchange time) from replacing it, so nothing shown is
 * older than the last snapshot.
 */
export function connectMarketFeed(
  source: FeedSource,
  store = useMarketStore,
  seqs: SeqTracker = createSeqTracker(),
): () => void {
  const s = () => store.getState();
  const fresh = (room: string, event: string, seq: number | undefined) =>
    seqs.check(room, event, seq) !== 'stale';
  const offs = [
    source.on('market:tick', (tick) => {
      if (fresh(rooms.market(tick.symbol), 'market:tick', tick.seq)) s().ingestTick(tick);
    }),
    source.on('market:book', (book) => {
      if (fresh(rooms.market(book.symbol), 'market:book', book.seq)) s().applyBook(book);
    }),
    source.on('market:stats', (stats) => {
      if (fresh(rooms.market(stats.symbol), 'market:stats', stats.seq)) s().applyStats(stats);
    }),
    source.on('ticker', ({ coins, seq }) => {
      if (fresh(rooms.ticker(), 'ticker', seq)) s().applyTicker(coins);
    }),
    // An admin added, edited or removed a coin: the lists show the change now, not at the next refresh.
    source.on('market:coins', () => void s().loadCoins({ force: true })),
    source.onMarketSnapshot((snapshot) => {
      seqs.reset(rooms.market(snapshot.symbol));
      s().applySnapshot(snapshot);
    }),
    source.onTickerSnapshot((coins) => {
      seqs.reset(rooms.ticker());
      s().applyTicker(coins);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

let connected = false;
function ensureFeed(): void {
  if (connected) return;
  connected = true;
  const seqs = createSeqTracker();
  connectMarketFeed(realtime, useMarketStore, seqs);
  // For the browser tests: what the store shows of a coin, as it changes, and the gaps seen.
  exposeDebug('market', {
    gaps: () => seqs.gaps(),
    watch: (
      symbol: string,
      listener: (shown: { tickTs?: number; bookTs?: number; price?: number }) => void,
    ) =>
      useMarketStore.subscribe((state) =>
        listener({
          tickTs: state.ticks[symbol]?.exchangeTs,
          bookTs: state.books[symbol]?.ts,
          price: state.ticks[symbol]?.price,
        }),
      ),
  });
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
