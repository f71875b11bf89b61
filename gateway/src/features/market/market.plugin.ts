import { feedStatusSchema, stats24hSchema, tickSchema } from '@app/shared';
import fp from 'fastify-plugin';
import { decode } from 'notepack.io';
import type { z } from 'zod';
import { createMarketService, type MarketService } from './market.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market answers shared by the REST routes and the Socket.IO handlers. */
    market: MarketService;
  }
}

/** A glob pattern's special characters in a literal part of it. */
export const globLiteral = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/** The events the feed's emitter publishes (Socket.IO Redis emitter: msgpack `[uid, packet, opts]`). */
const LIVE_EVENTS = {
  'market:tick': tickSchema,
  'market:stats': stats24hSchema,
  'feed:status': feedStatusSchema,
};
type LiveEvent = keyof typeof LIVE_EVENTS;
const NAMES = Object.keys(LIVE_EVENTS) as LiveEvent[];
const NAME_BYTES = NAMES.map((name) => [name, Buffer.from(name)] as const);

/** The event and its payload, if `message` carries one of LIVE_EVENTS valid by its schema. */
export function liveEventOf(
  message: Buffer,
): { [E in LiveEvent]: { event: E; data: z.output<(typeof LIVE_EVENTS)[E]> } }[LiveEvent] | undefined {
  // Order books share the market rooms' channels and are most of their bytes: not decoded.
  if (!NAME_BYTES.some(([, bytes]) => message.includes(bytes))) return undefined;
  let packet: unknown;
  try {
    packet = (decode(message) as unknown[])[1];
  } catch {
    return undefined;
  }
  if (typeof packet !== 'object' || packet === null || !('data' in packet) || !Array.isArray(packet.data))
    return undefined;
  const [event, payload] = packet.data as [unknown, unknown];
  switch (event) {
    case 'market:tick': {
      const parsed = tickSchema.safeParse(payload);
      return parsed.success ? { event, data: parsed.data } : undefined;
    }
    case 'market:stats': {
      const parsed = stats24hSchema.safeParse(payload);
      return parsed.success ? { event, data: parsed.data } : undefined;
    }
    case 'feed:status': {
      const parsed = feedStatusSchema.safeParse(payload);
      return parsed.success ? { event, data: parsed.data } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The market service, and what it keeps of the feed's events: the ingestion worker publishes
 * ticks, stats and the feed status for the sockets through the Socket.IO Redis emitter, and
 * this gateway listens to the same channels (the `market:*` rooms' and the no-room one) on its
 * cache bus, whether or not a socket of its own is in those rooms.
 */
export default fp<{ redisPrefix: string }>(
  async (app, opts) => {
    const market = createMarketService({
      db: app.db,
      redis: app.redis,
      log: app.log.child({ feature: 'market' }),
      cache: (load, options) => app.cacheBus.value('coins', load, options),
    });
    app.decorate('market', market);

    const broadcast = `${opts.redisPrefix}socket.io#/#`;
    const observe = (message: Buffer) => {
      const live = liveEventOf(message);
      if (!live) return;
      if (live.event === 'market:tick') market.live.tick(live.data);
      else if (live.event === 'market:stats') market.live.stats24h(live.data);
      else market.live.status(live.data);
    };
    app.cacheBus.psubscribe(`${globLiteral(broadcast)}market:*#`, (_channel, message) => observe(message));
    app.cacheBus.subscribe(broadcast, observe);
    app.cacheBus.onReset(() => market.live.forget());
  },
  { name: 'market', dependencies: ['db', 'redis', 'cache-bus'] },
);
