import { createRequire } from 'node:module';
import {
  MARKET_BOOK_MAX_PER_SECOND,
  MARKET_PRICE_MAX_PER_SECOND,
  MARKET_STATS_MAX_PER_SECOND,
  rooms,
  TICKER_MAX_PER_SECOND,
} from '@app/shared';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger.ts';
import type { TickArchiver } from './archive.ts';
import { bookFromDepth, statsFromTicker, tradeFromAggTrade } from './binance-format.ts';
import { CandleStore } from './candles.ts';
import { MarketPublisher } from './publisher.ts';
import type { FeedCoin } from './types.ts';

/**
 * Bytes a trade page's socket receives per second at the default rates, from payloads shaped
 * as Binance's (BTC at about 97,000 USDT, a busy market: 50 trades and 10 book updates a
 * second, ten coins in the ticker). Each event is counted as it goes on the wire: the Socket.IO
 * packet with engine.io's `4` in front and the websocket frame header.
 * docs/realtime.md#rates-and-sizes quotes the figure this prints.
 */

const COINS: FeedCoin[] = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'AVAX', 'LINK'].map(
  (symbol) => ({ symbol, name: symbol, marketSymbol: `${symbol}USDT` }),
);
const SECONDS = 20;

/** The emitter's own msgpack decoder (its dependency; the workers need none of their own). */
const { decode } = createRequire(import.meta.resolve('@socket.io/redis-emitter'))('notepack.io') as {
  decode: (message: Buffer) => unknown;
};

/** Bytes of a websocket text frame from the server carrying `text`. */
const frameBytes = (text: string) => {
  const n = Buffer.byteLength(text);
  return n + (n < 126 ? 2 : n < 65_536 ? 4 : 10);
};

let sent: Array<{ room: string; event: string; bytes: number }>;
let publisher: MarketPublisher;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_795_000_000_000 });
  sent = [];
  const redis = {
    publish: async (channel: string, message: Buffer) => {
      const [, packet] = decode(message) as [string, { data: [string, unknown] }];
      const room = channel.split('#')[2] ?? '';
      sent.push({ room, event: packet.data[0], bytes: frameBytes(`42${JSON.stringify(packet.data)}`) });
      return 1;
    },
    set: async () => 'OK',
    multi: () => {
      const chain = { lpush: () => chain, ltrim: () => chain, exec: async () => [] };
      return chain;
    },
  } as unknown as Redis;
  const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;
  publisher = new MarketPublisher({
    redis,
    redisPrefix: '',
    logger,
    archiver: { add: () => {} } as unknown as TickArchiver,
    candles: new CandleStore(60_000),
    rates: {
      tick: MARKET_PRICE_MAX_PER_SECOND,
      book: MARKET_BOOK_MAX_PER_SECOND,
      stats: MARKET_STATS_MAX_PER_SECOND,
      ticker: TICKER_MAX_PER_SECOND,
    },
  });
  publisher.setCoins(COINS);
  publisher.start(60_000);
});

afterEach(() => {
  publisher.deactivate();
  vi.useRealTimers();
});

/** A decimal as Binance writes it: 8 places. */
const dec = (n: number) => n.toFixed(8);

function feedOneSecond(second: number, aggId: { next: number }) {
  const t0 = Date.now();
  for (let step = 0; step < 50; step++) {
    const at = t0 + step * 20;
    if (step % 5 === 0) {
      const mid = 97_000 + Math.sin(at / 700) * 50;
      const side = (dir: number) =>
        Array.from(
          { length: 20 },
          (_, i) => [dec(mid + dir * (0.01 + i * 0.37)), dec(0.00123 + i * 0.317)] as [string, string],
        );
      for (const coin of COINS) {
        publisher.book(bookFromDepth(coin, { lastUpdateId: at, bids: side(-1), asks: side(1) }, at));
      }
    }
    for (const coin of COINS) {
      const price = 97_000 + Math.sin(at / 900) * 40 + step / 100;
      publisher.trade(
        tradeFromAggTrade(
          coin,
          {
            e: 'aggTrade',
            E: at,
            s: coin.marketSymbol,
            a: aggId.next++,
            p: dec(price),
            q: dec(0.0125),
            T: at,
          },
          at,
        ),
      );
    }
    vi.advanceTimersByTime(20);
  }
  for (const coin of COINS) {
    publisher.stats(
      statsFromTicker(coin, {
        e: '24hrTicker',
        E: Date.now(),
        s: coin.marketSymbol,
        p: dec(1234.56 + second),
        P: '1.29',
        c: dec(97_012.34),
        o: dec(95_777.78),
        h: dec(97_500.01),
        l: dec(95_100.02),
        v: dec(23_456.789),
        q: dec(2_275_000_000.12),
      }),
    );
  }
}

describe('a trade page stream at the default rates', () => {
  it('stays within 6 KB a second per client, the book at most twice a second', () => {
    const aggId = { next: 1 };
    for (let s = 0; s < SECONDS; s++) feedOneSecond(s, aggId);
    // A trade page: market:BTC (ticks, book, stats) and the ticker of every coin.
    const page = sent.filter((m) => m.room === rooms.market('BTC') || m.room === rooms.ticker());
    const by = (event: string) => page.filter((m) => m.event === event);
    const perSecond = (list: typeof page) => list.reduce((sum, m) => sum + m.bytes, 0) / SECONDS;
    const figure = {
      tick: { perSecond: by('market:tick').length / SECONDS, bytes: perSecond(by('market:tick')) },
      book: { perSecond: by('market:book').length / SECONDS, bytes: perSecond(by('market:book')) },
      stats: { perSecond: by('market:stats').length / SECONDS, bytes: perSecond(by('market:stats')) },
      ticker: { perSecond: by('ticker').length / SECONDS, bytes: perSecond(by('ticker')) },
      total: perSecond(page),
    };
    console.info('bytes per client per second', JSON.stringify(figure));
    // The throttles send the first event at once, then at most one per interval.
    const most = (rate: number) => (rate * SECONDS + 1) / SECONDS;
    expect(figure.book.perSecond).toBeLessThanOrEqual(most(MARKET_BOOK_MAX_PER_SECOND));
    expect(figure.tick.perSecond).toBeLessThanOrEqual(most(MARKET_PRICE_MAX_PER_SECOND));
    expect(figure.stats.perSecond).toBeLessThanOrEqual(most(MARKET_STATS_MAX_PER_SECOND));
    expect(figure.total).toBeLessThan(6 * 1024);
  });
});
