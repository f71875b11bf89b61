import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type CacheOptions, cachedByKey, cachedValue } from '../lib/cached.ts';

/** A value every gateway caches; `changed()` drops it here and on every other gateway. */
export interface SharedValue<T> {
  get(): Promise<T>;
  /** After a committed change: this gateway drops it at once, the others when told through Redis. */
  changed(): void;
  /** This gateway only (another channel told it of the change). */
  drop(): void;
}

/** Values by key (a user id), each cached at most its lifetime, dropped one key at a time. */
export interface SharedByKey<V> {
  get(key: string): Promise<V>;
  changed(key: string): void;
}

export interface CacheBus {
  value<T>(name: string, load: () => Promise<T>, options?: CacheOptions): SharedValue<T>;
  byKey<V>(name: string, load: (key: string) => Promise<V>, options: { ttlMs: number }): SharedByKey<V>;
  /** Messages of a Redis channel (its full name), on the bus's one subscriber connection. */
  subscribe(channel: string, onMessage: (message: Buffer) => void): void;
  /** Messages of the channels a pattern matches. */
  psubscribe(pattern: string, onMessage: (channel: string, message: Buffer) => void): void;
  /**
   * Called when the subscriber lost its connection: whatever was published meanwhile is
   * unknown, so what was kept from those messages must be forgotten.
   */
  onReset(reset: () => void): void;
  /** The subscriber connection's name in Redis (CLIENT LIST), its own per gateway. */
  readonly connectionName: string;
  /** Subscribed, on a connection that has not dropped since: cached values are in use. */
  readonly live: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    cacheBus: CacheBus;
  }
}

/** The channel of the drops, `{ n: name, k?: key }` as JSON. */
export const cacheDropChannel = (redisPrefix: string) => `${redisPrefix}cache:drop`;
/** A bus's subscriber connection's name (CLIENT LIST): the prefix's, and its own. */
const connectionNameOf = (redisPrefix: string) =>
  `${redisPrefix.replace(/[^\w:.-]/g, '_')}cache-bus-${randomBytes(4).toString('hex')}`;

type Drop = { n: string; k?: string };

/**
 * A drop message: every gateway's bus forgets `name` (one key of it when given). A process
 * without a bus (the admin CLI) publishes it on `cacheDropChannel` after its own committed change.
 */
export const cacheDropMessage = (name: string, key?: string): string =>
  JSON.stringify(key === undefined ? { n: name } : { n: name, k: key });

function parseDrop(message: Buffer): Drop | undefined {
  try {
    const value: unknown = JSON.parse(message.toString());
    if (typeof value !== 'object' || value === null || !('n' in value) || typeof value.n !== 'string')
      return undefined;
    const k = 'k' in value && typeof value.k === 'string' ? value.k : undefined;
    return { n: value.n, k };
  } catch {
    return undefined;
  }
}

/**
 * One subscriber connection per gateway for everything cached from Redis messages. Cached values
 * are used only while it is subscribed: while it is away a read goes to the source every time,
 * and when it comes back every value is dropped (a drop may have been missed meanwhile).
 */
export default fp<{ redisPrefix: string }>(
  async (app, opts) => {
    const log = app.log.child({ feature: 'cache-bus' });
    const dropChannel = cacheDropChannel(opts.redisPrefix);
    // Pub/sub channels are not keys: the prefix is in the channel names.
    const connectionName = connectionNameOf(opts.redisPrefix);
    const sub: Redis = app.redis.duplicate({ keyPrefix: '', maxRetriesPerRequest: null, connectionName });
    let lastLogged = 0;
    sub.on('error', (err: unknown) => {
      if (Date.now() - lastLogged < 5_000) return;
      lastLogged = Date.now();
      log.warn({ err }, 'cache bus: redis error');
    });

    const channels = new Map<string, Array<(message: Buffer) => void>>();
    const patterns = new Map<string, Array<(channel: string, message: Buffer) => void>>();
    const resets: Array<() => void> = [];
    const drops = new Map<string, (key: string | undefined) => void>();
    /** Subscribed on a connection that has not closed since: cached values may be used. */
    let live = false;

    const subscribeAll = async () => {
      const names = [...channels.keys()];
      const globs = [...patterns.keys()];
      if (names.length) await sub.subscribe(...names);
      if (globs.length) await sub.psubscribe(...globs);
    };
    sub.on('ready', () => {
      subscribeAll().then(
        () => {
          if (sub.status === 'ready') live = true;
        },
        (err: unknown) => log.warn({ err }, 'cache bus: subscribe failed'),
      );
    });
    sub.on('close', () => {
      const was = live;
      live = false;
      if (!was) return;
      for (const reset of resets) reset();
    });
    sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const handlers = channels.get(channel.toString());
      if (handlers) for (const h of handlers) h(message);
    });
    sub.on('pmessageBuffer', (pattern: Buffer, channel: Buffer, message: Buffer) => {
      const handlers = patterns.get(pattern.toString());
      if (!handlers) return;
      const name = channel.toString();
      for (const h of handlers) h(name, message);
    });

    const subscribe: CacheBus['subscribe'] = (channel, onMessage) => {
      const list = channels.get(channel);
      if (list) list.push(onMessage);
      else {
        channels.set(channel, [onMessage]);
        if (sub.status === 'ready') sub.subscribe(channel).catch(() => {});
      }
    };
    const psubscribe: CacheBus['psubscribe'] = (pattern, onMessage) => {
      const list = patterns.get(pattern);
      if (list) list.push(onMessage);
      else {
        patterns.set(pattern, [onMessage]);
        if (sub.status === 'ready') sub.psubscribe(pattern).catch(() => {});
      }
    };

    subscribe(dropChannel, (message) => {
      const drop = parseDrop(message);
      if (!drop) {
        log.warn('cache bus: malformed drop message');
        return;
      }
      drops.get(drop.n)?.(drop.k);
    });

    const announce = (drop: Drop) => {
      app.redis.publish(dropChannel, cacheDropMessage(drop.n, drop.k)).catch((err: unknown) => {
        log.warn(
          { err, name: drop.n },
          'cache drop not published: other gateways keep it until its lifetime ends',
        );
      });
    };

    const register = (name: string, drop: (key: string | undefined) => void, reset: () => void) => {
      if (drops.has(name)) throw new Error(`cache bus: "${name}" registered twice`);
      drops.set(name, drop);
      resets.push(reset);
    };

    const bus: CacheBus = {
      value(name, load, options) {
        const cache = cachedValue(load, options);
        register(
          name,
          () => cache.drop(),
          () => cache.drop(),
        );
        return {
          get: () => (live ? cache.get() : load()),
          changed() {
            cache.drop();
            announce({ n: name });
          },
          drop: () => cache.drop(),
        };
      },
      byKey(name, load, options) {
        const cache = cachedByKey(load, options);
        register(
          name,
          (key) => (key === undefined ? cache.clear() : cache.drop(key)),
          () => cache.clear(),
        );
        return {
          get: (key) => (live ? cache.get(key) : load(key)),
          changed(key) {
            cache.drop(key);
            announce({ n: name, k: key });
          },
        };
      },
      subscribe,
      psubscribe,
      onReset(reset) {
        resets.push(reset);
      },
      connectionName,
      get live() {
        return live;
      },
    };
    app.decorate('cacheBus', bus);

    app.addHook('onClose', async () => {
      if (sub.status === 'ready') await sub.quit().catch(() => sub.disconnect());
      else sub.disconnect();
    });
  },
  { name: 'cache-bus', dependencies: ['redis'] },
);
