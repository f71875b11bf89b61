import { type Db, ensureTickPartitions } from '@app/db';
import { workerKeys } from '@app/shared';
import type { Redis } from 'ioredis';
import type { WorkersConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { TickArchiver } from './archive.ts';
import { BinanceFeed, type FeedMetrics, probeBinance } from './binance-feed.ts';
import { streamNames } from './binance-format.ts';
import { CandleStore } from './candles.ts';
import { loadCoins, sameCoins } from './coins.ts';
import { MarketPublisher } from './publisher.ts';
import { BinanceRest, WeightBudget } from './rest.ts';
import { SimulatedFeed } from './simulated.ts';
import type { Feed, FeedCoin } from './types.ts';
import { UsdtInrSource } from './usdt-inr.ts';

export type IngesterDeps = { config: WorkersConfig; logger: Logger; redis: Redis; db: Db };

/**
 * One leadership term of market ingestion: picks the feed (Binance, or the simulation when
 * Binance cannot be reached at start), publishes, archives, and keeps the coin list current.
 */
export class Ingester {
  readonly publisher: MarketPublisher;
  readonly archiver: TickArchiver;
  readonly rest: BinanceRest;
  private readonly candles: CandleStore;
  private readonly usdtInr: UsdtInrSource;
  private readonly log: Logger;
  private coins: FeedCoin[] = [];
  private feed: Feed | undefined;
  private binance: BinanceFeed | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private running = false;
  private switching = false;
  /** Coin list reads run one after another, so an older read never lands after a newer one. */
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: IngesterDeps) {
    const { config, redis, db } = deps;
    this.log = deps.logger;
    this.candles = new CandleStore(1_000);
    const archivedChannel = config.REDIS_PREFIX + workerKeys.ticksArchived();
    let lastPublishWarning = 0;
    this.archiver = new TickArchiver(db, this.log, {
      // Settlement waits for this: a trade's price is final once the archive holds a later tick.
      onWritten: (through) => {
        redis.publish(archivedChannel, JSON.stringify(through)).catch((err: unknown) => {
          if (Date.now() - lastPublishWarning < 5_000) return;
          lastPublishWarning = Date.now();
          this.log.warn({ err }, 'archive progress not published; settlement falls back to polling');
        });
      },
    });
    this.publisher = new MarketPublisher({
      redis,
      redisPrefix: config.REDIS_PREFIX,
      logger: this.log,
      archiver: this.archiver,
      candles: this.candles,
      rates: {
        tick: config.MARKET_PRICE_MAX_PER_SECOND,
        book: config.MARKET_BOOK_MAX_PER_SECOND,
        stats: config.MARKET_STATS_MAX_PER_SECOND,
        ticker: config.MARKET_TICKER_MAX_PER_SECOND,
      },
    });
    this.rest = new BinanceRest({
      baseUrl: config.BINANCE_REST_URL,
      timeoutMs: config.MARKET_REST_TIMEOUT_MS,
      budget: new WeightBudget(config.MARKET_REST_WEIGHT_PER_MINUTE),
      logger: this.log,
    });
    this.usdtInr = new UsdtInrSource({
      rate: config.USDT_INR_RATE,
      url: config.USDT_INR_URL,
      refreshMs: config.USDT_INR_REFRESH_MS,
      timeoutMs: config.MARKET_REST_TIMEOUT_MS,
      logger: this.log,
      write: (rate, onlyIfMissing) => this.publisher.usdtInr(rate, onlyIfMissing),
    });
  }

  /** Stream counters of the Binance feed (undefined while another feed runs). */
  get metrics(): FeedMetrics | undefined {
    return this.binance?.metrics;
  }

  async start() {
    const { config, db } = this.deps;
    await ensureTickPartitions(db).catch((err) => this.log.error({ err }, 'tick partitions not ensured'));
    await this.refreshCoins();
    if (this.stopped) return;
    this.publisher.start(1_000);
    this.archiver.start(config.MARKET_ARCHIVE_EVERY_MS);
    void this.usdtInr.start();
    this.timers.push(setInterval(() => void this.refreshCoins(), config.MARKET_COINS_REFRESH_MS));
    this.running = true;
    await this.ensureFeed();
  }

  /**
   * Read the coin list again now (an admin changed it: `coinsChangedChannel()`); the feed
   * re-subscribes when its streams differ. Also runs every MARKET_COINS_REFRESH_MS.
   */
  refreshCoins(): Promise<void> {
    this.refreshing = this.refreshing
      .then(() => this.readCoins())
      .catch((err: unknown) => this.log.error({ err }, 'coin list refresh failed'));
    return this.refreshing;
  }

  private async readCoins() {
    let coins: FeedCoin[];
    try {
      coins = await loadCoins(this.deps.db, this.deps.config.MARKET_SYMBOLS);
    } catch (err) {
      this.log.error({ err }, 'could not read the coin list; keeping the last one');
      return;
    }
    if (this.stopped || sameCoins(coins, this.coins)) return;
    if (coins.length === 0) this.log.warn('no enabled coins: nothing to ingest until one is enabled');
    else this.log.info({ coins: coins.map((c) => c.symbol) }, 'market coins');
    const removed = this.coins.filter((c) => !coins.some((n) => n.symbol === c.symbol));
    for (const c of removed) this.candles.forget(c.symbol);
    this.coins = coins;
    this.publisher.setCoins(coins);
    if (this.feed) this.feed.setCoins(coins);
    else if (this.running) await this.ensureFeed();
  }

  private async ensureFeed() {
    if (this.feed || this.switching || this.stopped || this.coins.length === 0) return;
    const { config } = this.deps;
    this.switching = true;
    try {
      if (config.MARKET_SOURCE === 'simulated') {
        this.log.info('MARKET_SOURCE=simulated: using the simulated feed; prices are not real');
        this.startSimulated();
        return;
      }
      const reachable = await probeBinance(
        config.BINANCE_WS_URL,
        streamNames(this.coins),
        this.rest,
        config.MARKET_CONNECT_TIMEOUT_MS,
      );
      if (this.stopped) return;
      if (reachable) {
        this.startBinance();
        return;
      }
      this.log.warn(
        `Binance unreachable at ${config.BINANCE_WS_URL}: using the simulated feed; prices are not real`,
      );
      this.startSimulated();
      if (this.stopped) return;
      if (config.MARKET_BINANCE_RETRY_MS > 0) {
        this.timers.push(setInterval(() => void this.retryBinance(), config.MARKET_BINANCE_RETRY_MS));
      }
    } finally {
      this.switching = false;
    }
  }

  private startSimulated() {
    if (this.stopped) return;
    const feed = new SimulatedFeed({
      seed: this.deps.config.SIMULATED_SEED,
      tickMs: this.deps.config.SIMULATED_TICK_MS,
      sink: this.publisher,
    });
    this.feed = feed;
    feed.start(this.coins);
  }

  private startBinance() {
    const feed = new BinanceFeed({
      config: this.deps.config,
      rest: this.rest,
      sink: this.publisher,
      logger: this.log,
    });
    this.feed = feed;
    this.binance = feed;
    feed.start(this.coins);
  }

  /** After a start-up fallback: move to Binance once it answers (real prices beat simulated ones). */
  private async retryBinance() {
    if (this.binance || this.switching || this.stopped || this.coins.length === 0) return;
    const { config } = this.deps;
    this.switching = true;
    try {
      const ok = await probeBinance(
        config.BINANCE_WS_URL,
        streamNames(this.coins),
        this.rest,
        config.MARKET_CONNECT_TIMEOUT_MS,
      );
      if (!ok || this.stopped) return;
      this.log.info(`Binance reachable at ${config.BINANCE_WS_URL}: leaving the simulated feed`);
      await this.feed?.stop();
      // Simulated history must not mix with real candles.
      for (const c of this.coins) this.candles.forget(c.symbol);
      this.feed = undefined;
      if (!this.stopped) this.startBinance();
    } finally {
      this.switching = false;
    }
  }

  /** Leadership lost: not one more write, then close what is open. */
  abort() {
    this.publisher.deactivate();
    void this.stop(false).catch((err) => this.log.error({ err }, 'stopping the ingester failed'));
  }

  /** `graceful`: we still hold the lock, so the last candles and a `down` feed status are written. */
  async stop(graceful: boolean) {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    this.usdtInr.stop();
    await this.feed?.stop();
    if (graceful) await this.publisher.finish();
    this.publisher.deactivate();
    // Ticks received while we led are real observations: archive them either way.
    await this.archiver.stop();
  }
}
