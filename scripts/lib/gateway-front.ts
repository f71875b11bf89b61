/**
 * The one port of `pnpm start`: the launcher accepts each connection on PORT and hands it, unread,
 * to one of the gateway processes over that process's IPC channel (ADR 0023). From then on the
 * client talks to the gateway on the same socket: no request passes through the launcher, and
 * the gateway sees the client's own address.
 *
 * A client address always reaches the same live gateway (a hash of the address, as the nginx
 * configuration of docker-compose does with `hash $remote_addr consistent`): Socket.IO's polling
 * transport sends each request of a session on a connection of its own, and only the gateway
 * that opened the session knows it; the per-address socket cap and flood cool-down live in each
 * gateway's memory. A gateway that is down (its process exited, or not listening yet) is skipped
 * for the next one on the ring, so its clients reconnect to another. With none up, the front
 * answers 503 itself.
 *
 * The gateways also ask the launcher, through the same channel, for each other's metrics, so
 * that `/metrics` at PORT describes every gateway (gateway/src/front.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net, { type Socket } from 'node:net';
import { FRONT_MESSAGES, type FrontMessage } from '@app/shared/front';
import { canConnect } from './services.ts';

/** The index of the gateway for a client address among `up` (false: down), or undefined when none is up. */
export function pickGateway(address: string, up: readonly boolean[]): number | undefined {
  if (up.length === 0) return undefined;
  // FNV-1a: stable across restarts of the launcher, so a client keeps its gateway.
  let hash = 0x811c9dc5;
  for (let i = 0; i < address.length; i++) {
    hash ^= address.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const first = hash % up.length;
  for (let step = 0; step < up.length; step++) {
    const index = (first + step) % up.length;
    if (up[index]) return index;
  }
  return undefined;
}

/** The client address, as `::ffff:1.2.3.4` sockets give it, without the IPv4-mapped prefix. */
const addressOf = (socket: Socket) =>
  (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The kernel's cap on a listening socket's queue of connections not yet accepted; Node asks for
 * 511 unless told, which a reconnect wave of thousands overflows ("SYN flooding" in the kernel log).
 */
export function listenBacklog(): number {
  try {
    const max = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim());
    if (Number.isInteger(max) && max > 0) return max;
  } catch {
    // not Linux
  }
  return 511;
}

const UNAVAILABLE =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 43\r\n\r\nno gateway is running; try again in a moment';

/** How long a gateway may take to send its metrics before the aggregate goes without them. */
const GATHER_TIMEOUT_MS = 2_500;
/** How often a started gateway's port is tried until it listens. */
const PROBE_MS = 100;

export type GatewayFront = {
  server: net.Server;
  /** Listen on the public port; rejects when it is taken. */
  listen: (port: number, host: string) => Promise<void>;
  /**
   * Follow one gateway process (spawned with an IPC channel): down at once, up when its own
   * port accepts connections, down again when `exited` settles.
   */
  follow: (index: number, child: ChildProcess, port: number, exited: Promise<unknown>) => void;
  /** Which gateways are up now. */
  up: () => readonly boolean[];
  /** Stop accepting connections (those handed over stay with their gateways). */
  close: () => Promise<void>;
};

export function createGatewayFront(count: number): GatewayFront {
  const up = Array.from({ length: count }, () => false);
  const children: (ChildProcess | undefined)[] = Array.from({ length: count }, () => undefined);
  /** Bumped on every follow(), so the probe of a process that died stops marking it up. */
  const generation = Array.from({ length: count }, () => 0);

  const choose = (address: string, tried: ReadonlySet<number>) =>
    pickGateway(
      address,
      up.map((isUp, i) => isUp && !tried.has(i)),
    );

  function hand(socket: Socket, address: string, tried: Set<number>) {
    for (let index = choose(address, tried); index !== undefined; index = choose(address, tried)) {
      tried.add(index);
      const child = children[index];
      if (!child?.connected) continue;
      // The handle goes with the message; once sent, this process closes its copy.
      child.send({ type: FRONT_MESSAGES.connection } satisfies FrontMessage, socket, (err) => {
        // The gateway died between the choice and the send: the next one takes the client.
        if (err && !socket.destroyed) hand(socket, address, tried);
      });
      return;
    }
    socket.end(UNAVAILABLE);
    socket.resume();
  }

  const server = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
    socket.on('error', () => socket.destroy());
    hand(socket, addressOf(socket), new Set());
  });

  /** Metrics requests waiting for the other gateways' answers, by request id. */
  const gathering = new Map<
    string,
    { from: number; waiting: Set<number>; metrics: unknown[][]; timer: NodeJS.Timeout }
  >();
  const finish = (id: string) => {
    const g = gathering.get(id);
    if (!g) return;
    gathering.delete(id);
    clearTimeout(g.timer);
    const child = children[g.from];
    if (child?.connected) {
      child.send({ type: FRONT_MESSAGES.gathered, id, metrics: g.metrics } satisfies FrontMessage, (err) => {
        if (err) {
          // It died meanwhile: nobody waits for the answer.
        }
      });
    }
  };

  function onMessage(index: number, message: FrontMessage) {
    if (message.type === FRONT_MESSAGES.gather) {
      const others = new Set(children.flatMap((c, i) => (i !== index && up[i] && c?.connected ? [i] : [])));
      const g = {
        from: index,
        waiting: others,
        metrics: [] as unknown[][],
        timer: setTimeout(() => finish(message.id), GATHER_TIMEOUT_MS),
      };
      gathering.set(message.id, g);
      for (const i of others) {
        children[i]?.send({ type: FRONT_MESSAGES.collect, id: message.id } satisfies FrontMessage, (err) => {
          if (err) {
            g.waiting.delete(i);
            if (g.waiting.size === 0) finish(message.id);
          }
        });
      }
      if (others.size === 0) finish(message.id);
    } else if (message.type === FRONT_MESSAGES.collected) {
      const g = gathering.get(message.id);
      if (!g?.waiting.delete(index)) return;
      g.metrics.push(message.metrics);
      if (g.waiting.size === 0) finish(message.id);
    }
  }

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: listenBacklog() }, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    follow(index, child, port, exited) {
      const mine = (generation[index] ?? 0) + 1;
      generation[index] = mine;
      up[index] = false;
      children[index] = child;
      child.on('message', (message: FrontMessage) => onMessage(index, message));
      // A send to a process that has just died fails through its callback; this keeps the
      // channel's own error from being thrown.
      child.on('error', () => {});
      let over = false;
      void exited.then(() => {
        over = true;
        if (generation[index] === mine) up[index] = false;
        for (const [id, g] of gathering) {
          if (g.waiting.delete(index) && g.waiting.size === 0) finish(id);
        }
      });
      const probe = async () => {
        while (!over && generation[index] === mine) {
          if (await canConnect('127.0.0.1', port, 1_000)) {
            if (!over && generation[index] === mine) up[index] = true;
            return;
          }
          await new Promise((r) => setTimeout(r, PROBE_MS));
        }
      };
      void probe();
    },
    up: () => up,
    // The listening socket closes at once; the server's own close callback would wait for every
    // connection handed over to end in its gateway.
    close: async () => {
      server.close();
    },
  };
}
