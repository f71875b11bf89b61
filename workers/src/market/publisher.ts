import {
  type Candle,
  type CandleInterval,
  type FeedSource,
  type FeedState,
  type FeedStatus,
  marketKeys,
  type OrderBook,
  RECENT_TICKS,
  rooms,
  type ServerToClientEvents,
  type Stats24h,
  type Tick,
  type TickerEntry,
  type UsdtInrRate,
} from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { TickArchiver } from './archive.ts';
import type { CandleStore } from './candles.ts';
import { KeyedThrottle } from './throttle.ts';
import type { FeedCoin, FeedSink, FeedTrade } from './types.ts';

export type PublisherOptions = {
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  archiver: TickArchiver;
  candles: CandleStore;
  /** Events per second per symbol of each market channel (the ticker's for all symbols). */
  rates: MarketRates;
};

export type MarketRates = { tick: number; book: number; stats: number; ticker: number };

/** The least gap between two events of a channel at `perSecond`. */
const intervalOf = (perSecond: number) => Math.ceil(1000 / perSecond);

/**
 * Sequence numbers of the market channels, one counter per room and event. A counter starts at
 * the clock (ms) the first time its channel is used here: a leader that takes over later starts
 * above whatever its predecessor reached, as none sends more than one event a millisecond.
 */
export class ChannelSeq {
  private readonly last = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  next(room: string, event: string): number {
    const key = `${room}\t${event}`;
    const prev = this.last.get(key);
    const seq = prev === undefined ? this.now() : prev + 1;
    this.last.set(key, seq);
    return seq;
  }
}

/** A tick replaces the stored one only when it is newer (duplicates arrive while a stream is renewed). */
export function isNewerTick(next: Tick, prev: Tick | undefined): boolean {
  if (!prev) return true;
  if (next.aggTradeId !== null && prev.aggTradeId !== null && next.source === prev.source) {
    return next.aggTradeId > prev.aggTradeId;
  }
  if (next.source !== prev.source) return true;
  return next.exchangeTs >= prev.exchangeTs;
}

/**
 * Writes market data to Redis (keys of the contract) and pushes it to Socket.IO rooms through
 * the Redis emitter: ticks throttled per symbol, the ticker at most once a second, the feed
 * status on every change. `deactivate()` stops every write at once (lost leadership).
 */
export class MarketPublisher implements FeedSink {
  private active = true;
  private coins: FeedCoin[] = [];
  private readonly ticks = new Map<string, Tick>();
  private readonly books = new Map<string, OrderBook>();
  private readonly statsBy = new Map<string, Stats24h>();
  private readonly tickThrottle: KeyedThrottle<Tick>;
  private readonly bookThrottle: KeyedThrottle<OrderBook>;
  private readonly statsThrottle: KeyedThrottle<Stats24h>;
  private readonly seq = new ChannelSeq();
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly timers: NodeJS.Timeout[] = [];
  private tickerChanged = false;
  private feed: FeedStatus | undefined;
  private lastErrorLog = 0;

  constructor(private readonly opts: PublisherOptions) {
    const { rates } = opts;
    this.tickThrottle = new KeyedThrottle(intervalOf(rates.tick), (_, tick) => this.emitTick(tick));
    this.bookThrottle = new KeyedThrottle(intervalOf(rates.book), (_, book) => this.emitBook(book));
    this.statsThrottle = new KeyedThrottle(intervalOf(rates.stats), (_, stats) => this.emitStats(stats));
    // The emitter only needs `publish`; ours never throws into the emitter (it does not await).
    const client = {
      publish: (channel: string, message: Buffer | string) =>
        this.active ? opts.redis.publish(channel, message).catch((err) => this.failed(err, 'publish')) : 0,
    };
    this.emitter = new Emitter<ServerToClientEvents>(client, { key: `${opts.redisPrefix}socket.io` });
  }

  get isActive() {
    return this.active;
  }

  get feedStatus(): FeedStatus | undefined {
    return this.feed;
  }

  latestTick(symbol: string): Tick | undefined {
    return this.ticks.get(symbol);
  }

  setCoins(coins: FeedCoin[]) {
    this.coins = coins;
    const keep = new Set(coins.map((c) => c.symbol));
    for (const map of [this.ticks, this.books, this.statsBy]) {
      for (const symbol of map.keys()) if (!keep.has(symbol)) map.delete(symbol);
    }
    this.tickerChanged = true;
  }

  start(candleFlushMs: number) {
    this.timers.push(setInterval(() => this.emitTicker(), intervalOf(this.opts.rates.ticker)));
    this.timers.push(setInterval(() => this.flushCandles(), candleFlushMs));
  }

  /** Stop writing now: from this call on, nothing reaches Redis or the sockets. */
  deactivate() {
    this.active = false;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    this.tickThrottle.clear();
    this.bookThrottle.clear();
    this.statsThrottle.clear();
  }

  private key(k: string) {
    return this.opts.redisPrefix + k;
  }

  private failed(err: unknown, what: string) {
    const now = Date.now();
    if (now - this.lastErrorLog < 5_000) return 0;
    this.lastErrorLog = now;
    this.opts.logger.error({ err, what }, 'market publish to Redis failed');
    return 0;
  }

  trade({ tick, quantity }: FeedTrade) {
    if (!this.active || !isNewerTick(tick, this.ticks.get(tick.symbol))) return;
    this.ticks.set(tick.symbol, tick);
    this.opts.redis
      .set(this.key(marketKeys.price(tick.symbol)), JSON.stringify(tick))
      .catch((err) => this.failed(err, 'price'));
    this.opts.archiver.add(tick);
    this.opts.candles.applyTrade(tick.symbol, tick.price, quantity, tick.exchangeTs);
    this.tickThrottle.push(tick.symbol, tick);
    this.tickerChanged = true;
  }

  private emitTick(tick: Tick) {
    if (!this.active) return;
    const key = this.key(marketKeys.ticks(tick.symbol));
    this.opts.redis
      .multi()
      .lpush(key, JSON.stringify(tick))
      .ltrim(key, 0, RECENT_TICKS - 1)
      .exec()
      .catch((err) => this.failed(err, 'ticks'));
    const room = rooms.market(tick.symbol);
    this.emitter.to(room).emit('market:tick', { ...tick, seq: this.seq.next(room, 'market:tick') });
  }

  book(book: OrderBook) {
    if (!this.active) return;
    const prev = this.books.get(book.symbol);
    if (prev && book.lastUpdateId <= prev.lastUpdateId && book.ts - prev.ts < 60_000) return;
    this.books.set(book.symbol, book);
    this.bookThrottle.push(book.symbol, book);
  }

  private emitBook(book: OrderBook) {
    if (!this.active) return;
    this.opts.redis
      .set(this.key(marketKeys.book(book.symbol)), JSON.stringify(book))
      .catch((err) => this.failed(err, 'book'));
    const room = rooms.market(book.symbol);
    this.emitter.to(room).emit('market:book', { ...book, seq: this.seq.next(room, 'market:book') });
  }

  stats(stats: Stats24h) {
    if (!this.active) return;
    const prev = this.statsBy.get(stats.symbol);
    if (prev && stats.ts <= prev.ts) return;
    this.statsBy.set(stats.symbol, stats);
    this.opts.redis
      .set(this.key(marketKeys.stats(stats.symbol)), JSON.stringify(stats))
      .catch((err) => this.failed(err, 'stats'));
    this.statsThrottle.push(stats.symbol, stats);
    this.tickerChanged = true;
  }

  private emitStats(stats: Stats24h) {
    if (!this.active) return;
    const room = rooms.market(stats.symbol);
    this.emitter.to(room).emit('market:stats', { ...stats, seq: this.seq.next(room, 'market:stats') });
  }

  candles(symbol: string, interval: CandleInterval, candles: Candle[]) {
    if (!this.active) return;
    this.opts.candles.merge(symbol, interval, candles);
  }

  status(source: FeedSource, state: FeedState) {
    if (!this.active) return;
    if (this.feed && this.feed.source === source && this.feed.state === state) return;
    const status: FeedStatus = { source, state, simulated: source === 'simulated', since: Date.now() };
    this.feed = status;
    this.opts.logger.info({ source, state }, 'market feed status');
    this.opts.redis
      .set(this.key(marketKeys.feed()), JSON.stringify(status))
      .catch((err) => this.failed(err, 'feed'));
    this.emitter.emit('feed:status', status);
  }

  usdtInr(rate: UsdtInrRate, onlyIfMissing = false) {
    if (!this.active) return Promise.resolve();
    const key = this.key(marketKeys.usdtInr());
    const value = JSON.stringify(rate);
    const write = onlyIfMissing ? this.opts.redis.set(key, value, 'NX') : this.opts.redis.set(key, value);
    return write.then(
      () => undefined,
      (err) => void this.failed(err, 'usdtinr'),
    );
  }

  tickerEntries(): TickerEntry[] {
    const out: TickerEntry[] = [];
    for (const coin of this.coins) {
      const tick = this.ticks.get(coin.symbol);
      const stats = this.statsBy.get(coin.symbol);
      if (!tick && !stats) continue;
      out.push({
        symbol: coin.symbol,
        price: tick?.price ?? stats?.last ?? 0,
        priceChangePercent: stats?.priceChangePercent ?? 0,
        volume: stats?.quoteVolume ?? 0,
        source: tick?.source ?? this.feed?.source ?? 'binance',
      });
    }
    return out;
  }

  private emitTicker() {
    if (!this.active || !this.tickerChanged) return;
    this.tickerChanged = false;
    const coins = this.tickerEntries();
    if (!coins.length) return;
    const room = rooms.ticker();
    this.emitter.to(room).emit('ticker', { coins, ts: Date.now(), seq: this.seq.next(room, 'ticker') });
  }

  private flushCandles() {
    if (!this.active) return;
    for (const { symbol, interval, candles } of this.opts.candles.takeDue(Date.now())) {
      this.opts.redis
        .set(this.key(marketKeys.candles(symbol, interval)), JSON.stringify(candles))
        .catch((err) => this.failed(err, 'candles'));
    }
  }

  /** Write everything still held back (on a graceful stop), then mark the feed down. */
  async finish() {
    if (!this.active) return;
    for (const { symbol, interval, candles } of this.opts.candles.takeDue(Number.POSITIVE_INFINITY)) {
      await this.opts.redis
        .set(this.key(marketKeys.candles(symbol, interval)), JSON.stringify(candles))
        .catch((err) => this.failed(err, 'candles'));
    }
    if (this.feed) {
      const down: FeedStatus = { ...this.feed, state: 'down', since: Date.now() };
      this.feed = down;
      await this.opts.redis
        .set(this.key(marketKeys.feed()), JSON.stringify(down))
        .catch((err) => this.failed(err, 'feed'));
      this.emitter.emit('feed:status', down);
    }
  }
}
