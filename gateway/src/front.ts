/**
 * A gateway behind `pnpm start`'s front (GATEWAY_FRONT=launcher, started with an IPC channel):
 * the launcher accepts the connections on the public port and hands each one to a gateway over
 * that channel, and the gateways ask each other, through it, for their metrics (ADR 0023,
 * scripts/lib/gateway-front.ts; the messages: @app/shared/front).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { FRONT_MESSAGES, type FrontMessage, frontMessageSchema } from '@app/shared/front';

/** How long `/metrics` waits for the other gateways' series (the launcher gives up a little sooner). */
const GATHER_WAIT_MS = 3_000;

export type FrontChannel = {
  /** Serve the connections the launcher hands over on `server`, until it stops listening. */
  serve: (server: Server) => void;
  /** The other gateways' metrics (prom-client `getMetricsAsJSON()` each) for one scrape. */
  gatherMetrics: () => Promise<unknown[][]>;
  /** What this gateway sends when another one gathers. */
  onCollect: (collect: () => Promise<unknown[]>) => void;
};

/** The channel to the launcher (GATEWAY_FRONT=launcher), or undefined when this gateway listens on its own. */
export function launcherChannel(behindLauncher: boolean | undefined): FrontChannel | undefined {
  if (!behindLauncher || !process.send) return undefined;
  const send = (message: FrontMessage) => {
    if (process.connected) process.send?.(message, undefined, {}, () => {});
  };
  let server: Server | undefined;
  let collect: (() => Promise<unknown[]>) | undefined;
  const waiting = new Map<string, (metrics: unknown[][]) => void>();

  process.on('message', (raw: unknown, handle: unknown) => {
    const parsed = frontMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case FRONT_MESSAGES.connection: {
        const socket = handle as Socket | undefined;
        if (!socket) return;
        // A gateway that is stopping takes no new client: it reconnects, to a gateway that is up.
        if (!server?.listening) {
          socket.destroy();
          return;
        }
        server.emit('connection', socket);
        socket.resume();
        return;
      }
      case FRONT_MESSAGES.collect: {
        const id = message.id;
        void (collect?.() ?? Promise.resolve([])).then(
          (metrics) => send({ type: FRONT_MESSAGES.collected, id, metrics }),
          () => send({ type: FRONT_MESSAGES.collected, id, metrics: [] }),
        );
        return;
      }
      case FRONT_MESSAGES.gathered:
        waiting.get(message.id)?.(message.metrics);
        waiting.delete(message.id);
        return;
      default:
        return;
    }
  });

  return {
    serve(s) {
      server = s;
    },
    gatherMetrics() {
      const id = randomUUID();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve([]);
        }, GATHER_WAIT_MS);
        waiting.set(id, (metrics) => {
          clearTimeout(timer);
          resolve(metrics);
        });
        send({ type: FRONT_MESSAGES.gather, id });
      });
    },
    onCollect(c) {
      collect = c;
    },
  };
}
