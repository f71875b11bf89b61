import {
  type BulkUserEvent,
  dispatchUserEvents,
  MSG,
  rooms,
  staffRooms,
  userEventMessages,
  userEventsChannel,
} from '@app/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { globLiteral } from '../features/market/market.plugin.ts';
import { staffOf } from '../lib/access.ts';
import { AppError } from '../lib/errors.ts';
import { registerMarketHandlers } from './market.handlers.ts';
import { MarketFanout } from './market-fanout.ts';
import { createPacketDelivery } from './room-delivery.ts';
import { handshakeToken, refuse, socketAuth } from './socket-auth.ts';
import {
  clientIpOf,
  floodHolds,
  floodKey,
  guardConnections,
  limitEvents,
  type SocketLimits,
} from './socket-limits.ts';
import type { IoServer, IoSocket } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
    userEvents: UserEvents;
    /** This gateway's market rooms and their delivery (conflated per socket). */
    marketFanout: MarketFanout;
  }
}

/** Events to user rooms through `userEventsChannel()`, as the workers send theirs. */
export type UserEvents = {
  /**
   * Queue an event for the user's room on every gateway. Events queued within
   * USER_EVENTS_WAIT_MS of each other (one request's, or a burst's) go out as one Redis
   * message, in order.
   */
  emit(event: BulkUserEvent): void;
};

export type RealtimeOptions = {
  /** REDIS_PREFIX: the adapter listens on `${redisPrefix}socket.io`, where workers' emitters publish. */
  redisPrefix: string;
  /** Extra origins for cross-site polling; empty: same origin only. */
  corsOrigins: string[];
  /** Per-socket and per-address limits. */
  limits: SocketLimits;
  /** TRUST_PROXY, as Fastify has it: whose X-Forwarded-For gives a socket's client address. */
  trustProxy: boolean | number | string[];
};

/** setTimeout's longest delay; a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The adapter fires (p)subscribe and publish without handling their promises. A command that
 * fails while Redis is away is logged here rather than crashing the process as an unhandled
 * rejection; callers that await a command still see its error.
 */
function logRejections(client: Redis, log: FastifyBaseLogger, role: string): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    command.promise.catch((err: unknown) =>
      log.warn({ err, role, command: command.name }, 'socket.io redis'),
    );
    return send(command, stream);
  };
  client.on('error', (err: unknown) => log.warn({ err, role }, 'socket.io redis error'));
  return client;
}

async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/**
 * Socket.IO on the gateway's own HTTP server. Rooms are shared by every gateway through the
 * Redis adapter, so a worker's emitter (same key) reaches a client whichever gateway holds it.
 */
export default fp<RealtimeOptions>(
  async (app, opts) => {
    const log = app.log.child({ feature: 'realtime' });
    // Pub/sub channels are not keys: ioredis would not prefix them, so the prefix is in `key`.
    const pub = logRejections(app.redis.duplicate({ keyPrefix: '' }), log, 'pub');
    // A subscription asked for while Redis is away waits for it instead of being dropped.
    const sub = logRejections(app.redis.duplicate({ keyPrefix: '', maxRetriesPerRequest: null }), log, 'sub');

    const clientIp = clientIpOf(opts.trustProxy);
    let guard: ReturnType<typeof guardConnections> | undefined;
    const io: IoServer = new Server(app.server, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      // Broadcasts are then encoded once per room instead of once per client.
      perMessageDeflate: false,
      serveClient: false,
      // Clients only send small subscription messages; a larger one closes the connection.
      maxHttpBufferSize: opts.limits.maxPayloadBytes,
      // Set just below, once the engine exists to count its connections.
      allowRequest: (req, callback) => (guard ? guard.allowRequest(req, callback) : callback(null, true)),
      cors: opts.corsOrigins.length > 0 ? { origin: opts.corsOrigins } : undefined,
      adapter: createAdapter(pub, sub, { key: `${opts.redisPrefix}socket.io` }),
    });
    guard = guardConnections(io, opts.limits, clientIp, log);
    const holds = floodHolds(opts.limits.floodHoldsMax);

    /**
     * A signed-in socket is in its private rooms only while its token holds. The handshake
     * read the session before the socket joined them: a session that ended in between had its
     * announce (features/sessions) before the join, which this socket missed. So the session
     * is read again now that the socket is in; any later end reaches it through the rooms. So
     * is two-factor sign-in, which a staff socket needs to stay in the staff rooms.
     * The token's own expiry closes the socket too.
     */
    const holdSession = (socket: IoSocket) => {
      const token = handshakeToken(socket);
      if (!token) return;
      app.sessionUser(token).then(
        (user) => {
          if (user.role !== socket.data.role) socket.disconnect(true);
          else if (socket.data.admins && staffOf(user) === null) {
            // The staff capability went (two-factor off) between the handshake's read and the
            // join: the staff rooms' leave (app.sessions.staffLost) came before this socket was in.
            socket.data.admins = false;
            for (const room of staffRooms()) void socket.leave(room);
          }
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) log.error({ err }, 'socket session check failed');
          socket.disconnect(true);
        },
      );
      const { expiresAt } = socket.data;
      if (expiresAt === null) return;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        const left = expiresAt - Date.now();
        if (left <= 0) {
          socket.disconnect(true);
          return;
        }
        timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
        timer.unref();
      };
      arm();
      socket.once('disconnect', () => clearTimeout(timer));
    };

    // Market rooms are kept here rather than in the adapter, whose broadcast writes every
    // packet to every socket: the workers' emitter messages to `market:*` and `ticker` (and any
    // gateway's emit to them) are read on the cache bus and delivered with conflation. The
    // adapter skips them, having no socket in those rooms.
    const fanout = new MarketFanout(opts.limits.marketBufferBytes);
    const broadcast = `${opts.redisPrefix}socket.io#/#`;
    const emitted = (room: string, message: Buffer) => {
      if (!fanout.deliverEmitted(room, message)) log.warn({ room }, 'market message not understood');
    };
    app.cacheBus.psubscribe(
      `${globLiteral(broadcast)}${globLiteral(rooms.market(''))}*#`,
      (channel, message) => emitted(channel.slice(broadcast.length, -1), message),
    );
    app.cacheBus.subscribe(`${broadcast}${rooms.ticker()}#`, (message) => emitted(rooms.ticker(), message));

    io.use(socketAuth(app));
    // After the session is known: a flooder is held back by user, not by the address it shares.
    // 429 tells the client its token still holds and to try again later.
    io.use((socket, next) => {
      const held = holds.holds(floodKey(socket.data, clientIp(socket.request)));
      next(held ? refuse(MSG.tooManySocketEvents, 429) : undefined);
    });
    io.on('connection', (socket) => {
      const { userId, admins } = socket.data;
      limitEvents(socket, opts.limits, () => {
        const ip = clientIp(socket.request);
        log.warn({ ip, userId: socket.data.userId }, 'socket flooding: disconnected');
        holds.hold(floodKey(socket.data, ip));
        socket.disconnect(true);
      });
      // The in-memory part of the adapter joins synchronously, before any event can arrive.
      if (userId) {
        const joined = [rooms.user(userId)];
        if (admins) joined.push(...staffRooms());
        void socket.join(joined);
        holdSession(socket);
      }
      registerMarketHandlers(socket, app.market, fanout, log);
      socket.once('disconnect', () => fanout.remove(socket));
      app.market.feed().then(
        (status) => socket.emit('feed:status', status),
        (err: unknown) => log.warn({ err }, 'feed status on connect failed'),
      );
    });

    // Events published in bulk (by settlement in the workers, and by every gateway's
    // `userEvents`): each goes to this gateway's own sockets in the user's room.
    const events = logRejections(
      app.redis.duplicate({ keyPrefix: '', maxRetriesPerRequest: null }),
      log,
      'events',
    );
    const eventsChannel = userEventsChannel(opts.redisPrefix);
    const delivery = createPacketDelivery(io.of('/'));
    events.on('message', (channel: string, message: string) => {
      if (channel !== eventsChannel) return;
      const dropped = dispatchUserEvents(message, (room, e) => delivery.deliver(room, e));
      if (dropped > 0) log.warn({ dropped }, 'malformed user events dropped');
    });
    // Not awaited, like the adapter's: the gateway starts (and answers 503 on health) while
    // Redis is away; the subscription waits for it.
    events.subscribe(eventsChannel).catch(() => {}); // logged by logRejections

    // Events wait a moment for company: below saturation each placement has a loop turn to
    // itself, and one message per placement costs a publish, a Redis wake-up and a read by
    // every gateway. The HTTP answer carries the same balances and trade, without waiting.
    const USER_EVENTS_WAIT_MS = 2;
    let pending: BulkUserEvent[] = [];
    const flush = () => {
      const batch = pending;
      pending = [];
      try {
        for (const message of userEventMessages(batch)) {
          pub.publish(eventsChannel, message).catch(() => {}); // logged by logRejections
        }
      } catch (err) {
        // A timer's throw would end the process; events are best effort (the answer has the data).
        log.error({ err, events: batch.length }, 'user events not encoded');
      }
    };
    app.decorate('userEvents', {
      emit(event: BulkUserEvent) {
        if (pending.push(event) === 1) setTimeout(flush, USER_EVENTS_WAIT_MS);
      },
    } satisfies UserEvents);

    app.decorate('io', io);
    app.decorate('marketFanout', fanout);
    // Before the HTTP server closes: open websockets would otherwise keep it waiting.
    app.addHook('preClose', async () => {
      await io.close();
    });
    app.addHook('onClose', async () => {
      await Promise.all([closeClient(pub), closeClient(sub), closeClient(events)]);
    });
  },
  { name: 'realtime', dependencies: ['redis', 'db', 'auth', 'market', 'cache-bus'] },
);
