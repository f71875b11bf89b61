import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import { MSG } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IoServer, IoSocket } from './types.ts';

/** What one socket may send, and how many sockets one address may hold (config.ts). */
export type SocketLimits = {
  /** Client events per second a socket may send, on average (the bucket's refill rate). */
  eventsPerSecond: number;
  /** Client events a socket may send at once (the bucket's size): a reconnect re-joins its rooms. */
  eventBurst: number;
  /** Refused events within FLOOD_WINDOW_MS after which the socket is disconnected. */
  floodDisconnectAfter: number;
  /** Largest message a client may send, in bytes (engine.io's maxHttpBufferSize). */
  maxPayloadBytes: number;
  /** Open connections per client address. */
  maxConnectionsPerIp: number;
  /** Clients (users, or addresses of anonymous sockets) held back after a flood at once. */
  floodHoldsMax: number;
  /**
   * Market bytes written to a socket and not yet handed to the network above which its market
   * events are conflated (realtime/market-fanout.ts).
   */
  marketBufferBytes: number;
};

/** The refused-event allowance refills over this window: a socket refused that often in it is flooding. */
export const FLOOD_WINDOW_MS = 10_000;

/**
 * A token bucket: up to `capacity` at once, refilled at `perSecond`. `take()` spends one
 * token if there is one.
 */
export function tokenBucket(capacity: number, perSecond: number, now: () => number = Date.now) {
  let tokens = capacity;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * Rate-limits the client events of one socket, before any handler runs (a refused event
 * costs no database or Redis work). An event over the limit is answered through its ack with
 * `{ ok: false, error }`, as the handlers answer a refusal, and dropped; once a socket has
 * been refused `floodDisconnectAfter` times within FLOOD_WINDOW_MS it keeps flooding, and
 * `onFlood` is called (once): the caller disconnects it.
 */
export function limitEvents(socket: IoSocket, limits: SocketLimits, onFlood: () => void): void {
  const events = tokenBucket(limits.eventBurst, limits.eventsPerSecond);
  const refusals = tokenBucket(
    limits.floodDisconnectAfter,
    (limits.floodDisconnectAfter * 1000) / FLOOD_WINDOW_MS,
  );
  let flooded = false;
  socket.use((event, next) => {
    if (events.take()) return next();
    const ack = event[event.length - 1];
    if (typeof ack === 'function') ack({ ok: false, error: MSG.tooManySocketEvents });
    if (!refusals.take() && !flooded) {
      flooded = true;
      onFlood();
    }
  });
}

type TrustProxy = boolean | number | string[];

/** The names Fastify's trustProxy list takes besides addresses and CIDR ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');
/** `::ffff:10.1.2.3` (IPv4 on a dual-stack socket) is 10.1.2.3. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whether the hop-th address from the gateway (0: the peer) is a proxy whose X-Forwarded-For counts. */
function trustOf(trustProxy: TrustProxy): (address: string, hop: number) => boolean {
  if (typeof trustProxy === 'boolean') return () => trustProxy;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  const trusted = new BlockList();
  for (const entry of trustProxy.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const a = plain(address);
    if (bits === undefined) trusted.addAddress(a, family(a));
    else trusted.addSubnet(a, Number(bits), family(a));
  }
  return (address) => {
    const a = plain(address);
    return trusted.check(a, family(a));
  };
}

/**
 * The client address of a request as Fastify reads `request.ip` with the same TRUST_PROXY
 * (true, a hop count, or addresses and CIDR ranges): the socket's peer, or an
 * X-Forwarded-For entry only while every hop up to it is a trusted proxy.
 */
export function clientIpOf(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trust = trustOf(trustProxy);
  return (req) => {
    const header = req.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .reverse();
    // Nearest first: the peer, then the forwarded addresses from right to left.
    const chain = [req.socket.remoteAddress ?? '', ...forwarded];
    for (let hop = 0; hop < chain.length - 1; hop++) {
      const address = chain[hop] ?? '';
      if (!trust(address, hop)) return plain(address);
    }
    return plain(chain[chain.length - 1] ?? '');
  };
}

/** How long a handshake that passed the cap may take to become a connection before its place is freed. */
const RESERVATION_MS = 30_000;

/** How long a client whose socket was disconnected for flooding may not connect again. */
export const FLOOD_COOLDOWN_MS = 10_000;

/**
 * Who is held back after a flood: a signed-in socket's user (whatever address they come from;
 * other users behind the same address, as on a carrier NAT, are not), an anonymous socket's
 * address (nothing else tells anonymous clients apart; signed-in sockets from it still pass).
 */
export function floodKey(socket: { userId: string | null }, ip: string): string {
  return socket.userId ? `user:${socket.userId}` : `ip:${ip}`;
}

/**
 * The clients (floodKey) held back for FLOOD_COOLDOWN_MS after one of their sockets was
 * disconnected for flooding: it would otherwise be back at once with a fresh allowance. At most
 * `max` are held at once; beyond that the oldest hold ends early, so many flooding addresses
 * cannot grow the gateway's memory.
 */
export function floodHolds(max: number, now: () => number = Date.now) {
  // Insertion order is expiry order: every hold lasts as long, and a renewed one moves to the end.
  const until = new Map<string, number>();
  const prune = () => {
    for (const [key, end] of until) {
      if (end > now() && until.size <= max) return;
      until.delete(key);
    }
  };
  return {
    hold(key: string): void {
      until.delete(key);
      until.set(key, now() + FLOOD_COOLDOWN_MS);
      prune();
    },
    holds(key: string): boolean {
      prune();
      return (until.get(key) ?? 0) > now();
    },
  };
}

type AllowRequest = (
  req: IncomingMessage,
  callback: (err: string | null | undefined, success: boolean) => void,
) => void;

/**
 * Who may open an engine.io connection (each Socket.IO client is one): at most
 * `maxConnectionsPerIp` open at once per client address. Checked in the handshake, before
 * anything is set up: a refused client gets HTTP 403 (socket.io-client's `connect_error`). A handshake that passes holds its
 * place until its connection opens (or fails), so a burst of handshakes cannot slip past the
 * cap together.
 */
export function guardConnections(
  io: IoServer,
  limits: Pick<SocketLimits, 'maxConnectionsPerIp'>,
  clientIp: (req: IncomingMessage) => string,
  log: FastifyBaseLogger,
): { allowRequest: AllowRequest } {
  const max = limits.maxConnectionsPerIp;
  const open = new Map<string, number>();
  const reserved = new WeakMap<IncomingMessage, { ip: string; timer: NodeJS.Timeout }>();

  const add = (ip: string, n: number) => {
    const count = (open.get(ip) ?? 0) + n;
    if (count > 0) open.set(ip, count);
    else open.delete(ip);
  };
  const release = (req: IncomingMessage): string | undefined => {
    const held = reserved.get(req);
    if (!held) return undefined;
    reserved.delete(req);
    clearTimeout(held.timer);
    return held.ip;
  };

  io.engine.on('connection', (conn: { request: IncomingMessage; once(e: 'close', f: () => void): void }) => {
    // The reservation becomes the connection's place; it is given back when the connection closes.
    const ip = release(conn.request);
    if (ip === undefined) return;
    conn.once('close', () => add(ip, -1));
  });
  io.engine.on('connection_error', (err: { req?: IncomingMessage }) => {
    const ip = err.req && release(err.req);
    if (ip !== undefined) add(ip, -1);
  });

  return {
    allowRequest(req, callback) {
      const ip = clientIp(req);
      if ((open.get(ip) ?? 0) >= max) {
        // Debug only: an address at its cap may retry many times a second.
        log.debug({ ip, max }, 'socket connection refused: too many from one address');
        return callback(MSG.tooManySocketConnections, false);
      }
      add(ip, 1);
      const timer = setTimeout(() => {
        if (release(req) !== undefined) add(ip, -1);
      }, RESERVATION_MS);
      timer.unref();
      reserved.set(req, { ip, timer });
      callback(null, true);
    },
  };
}
