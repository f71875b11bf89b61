import type { Db } from '@app/db';
import { coinsChangedChannel, marketKeys } from '@app/shared';
import { Redis } from 'ioredis';
import type { WorkersConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { closeRedis, redisAway, WORKER_REDIS_OPTIONS } from '../redis.ts';
import { Ingester } from './ingester.ts';
import { LeaderLock } from './leader.ts';

export type MarketServiceDeps = { config: WorkersConfig; logger: Logger; db: Db; workerId: string };

/**
 * Market ingestion in a workers process: competes for the leader lock, runs an Ingester while
 * it holds it, stops it the moment the lock is lost. Every workers process runs one; only the
 * leader ingests.
 */
export class MarketService {
  private readonly redis: Redis;
  /** Listens on `coinsChangedChannel()`: an admin's coin change reaches the feed at once. */
  private readonly coinsSub: Redis;
  private readonly lock: LeaderLock;
  private readonly log: Logger;
  private ingester: Ingester | undefined;

  constructor(private readonly deps: MarketServiceDeps) {
    this.log = deps.logger.child({ feature: 'market' });
    // Its own connection: a failing command must fail fast here (lost lock, dropped write),
    // not wait forever as BullMQ's connection does.
    this.redis = new Redis(deps.config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
      connectionName: 'workers-market',
      ...WORKER_REDIS_OPTIONS,
    });
    let lastLogged = 0;
    this.redis.on('error', (err) => {
      if (Date.now() - lastLogged < 5_000) return;
      lastLogged = Date.now();
      this.log.error({ err }, 'market redis connection error');
    });
    this.coinsSub = new Redis(deps.config.REDIS_URL, {
      // A subscription asked for while Redis is away waits for it.
      maxRetriesPerRequest: null,
      connectionName: 'workers-market-coins',
      ...WORKER_REDIS_OPTIONS,
    });
    this.coinsSub.on('error', () => {}); // the main connection logs Redis being away
    const coinsChannel = coinsChangedChannel(deps.config.REDIS_PREFIX);
    this.coinsSub.on('message', (channel: string) => {
      if (channel === coinsChannel) void this.ingester?.refreshCoins();
    });
    this.lock = new LeaderLock({
      redis: this.redis,
      key: deps.config.REDIS_PREFIX + marketKeys.leader(),
      id: deps.workerId,
      ttlMs: deps.config.MARKET_LEADER_TTL_MS,
      logger: this.log,
      onAcquired: () => this.lead(),
      onLost: () => {
        const ingester = this.ingester;
        this.ingester = undefined;
        ingester?.abort();
      },
    });
  }

  get isLeader() {
    return this.lock.isLeader;
  }

  /** The running ingester, while this process leads (for tests and diagnostics). */
  get current(): Ingester | undefined {
    return this.ingester;
  }

  start() {
    this.lock.start();
    this.coinsSub
      .subscribe(coinsChangedChannel(this.deps.config.REDIS_PREFIX))
      .catch((err: unknown) =>
        this.log.error({ err }, 'coin changes not subscribed: the list refreshes on its timer'),
      );
  }

  private lead() {
    const ingester = new Ingester({
      config: this.deps.config,
      logger: this.log,
      redis: this.redis,
      db: this.deps.db,
    });
    this.ingester = ingester;
    ingester.start().catch((err) => {
      this.log.error({ err }, 'market ingestion failed to start');
    });
  }

  /** Graceful: last writes while still leader, then give the lock up for the next worker. */
  async stop() {
    const ingester = this.ingester;
    this.ingester = undefined;
    // With Redis away the last writes would each wait for a reconnect attempt to fail (well
    // past the shutdown timeout), and the lock expires by itself.
    const away = redisAway(this.redis);
    await ingester?.stop(this.lock.isLeader && !away);
    this.lock.stop();
    if (!away) await this.lock.release();
    await closeRedis(this.coinsSub);
    await closeRedis(this.redis);
  }
}

export function createMarketService(deps: MarketServiceDeps): MarketService {
  return new MarketService(deps);
}
