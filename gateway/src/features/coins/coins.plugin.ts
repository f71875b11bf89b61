import { type CoinsChangedEvent, coinsChangedChannel, coinsChangedEventSchema } from '@app/shared';
import fp from 'fastify-plugin';

export type CoinsChanged = {
  /**
   * A committed change of the coin list: this gateway's cached list is dropped at once, and
   * `coinsChangedChannel()` tells every gateway (this one too) and the ingestion worker.
   */
  announce(event: CoinsChangedEvent): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    coinsChanged: CoinsChanged;
  }
}

function parseEvent(message: string): CoinsChangedEvent | undefined {
  try {
    const parsed = coinsChangedEventSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Coin list changes reach every gateway through Redis: each drops its cached list (placement
 * and /api/market read the new one) and then tells its own sockets (`market:coins`), so a
 * browser that loads the list again on that event cannot get the old one from any gateway.
 * The subscription is the cache bus's (plugins/cache-bus.ts): when it drops, so does the cached
 * list. A lost message costs at most the cache's lifetime (COINS_CACHE_MS) and the web's refresh.
 */
export default fp<{ redisPrefix: string }>(
  async (app, opts) => {
    const log = app.log.child({ feature: 'coins' });
    const channel = coinsChangedChannel(opts.redisPrefix);
    app.cacheBus.subscribe(channel, (buffer) => {
      const message = buffer.toString();
      app.market.invalidateCoins();
      const event = parseEvent(message);
      if (event) app.io.local.emit('market:coins', event);
      else log.warn({ message: message.slice(0, 200) }, 'malformed coins change message');
    });

    app.decorate('coinsChanged', {
      announce(event) {
        app.market.invalidateCoins();
        app.redis.publish(channel, JSON.stringify(event)).catch((err: unknown) => {
          log.warn({ err, event }, 'coins change not published: the others follow at their next refresh');
        });
      },
    } satisfies CoinsChanged);
  },
  { name: 'coins', dependencies: ['redis', 'cache-bus', 'market', 'realtime'] },
);
