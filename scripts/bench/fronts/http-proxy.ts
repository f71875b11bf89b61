/**
 * The former front of `pnpm start`'s several gateways, kept to be measured against the one that
 * replaced it (`pnpm bench fronts`, scripts/bench/fronts.ts): its code as it ran in the launcher,
 * but for its choice of gateway, which the front that replaced it kept (`pickGateway`).
 *
 * The one port of `pnpm start` when it runs several gateways (GATEWAY_PROCESSES > 1): a small
 * HTTP and WebSocket proxy in the launcher in front of gateways on loopback ports (ADR 0021).
 *
 * A client address always reaches the same live gateway (a hash of the address, as the nginx
 * configuration of docker-compose does with `hash $remote_addr consistent`): Socket.IO's polling
 * transport sends each request of a session separately, and only the gateway that opened the
 * session knows it. A gateway that is down (its process exited, or not listening yet) is
 * skipped for the next one on the ring, so its clients reconnect to another. Each request
 * carries the client address in X-Forwarded-For; the gateways trust it from loopback only.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { pickGateway } from '../../lib/gateway-front.ts';
import { canConnect } from '../../lib/services.ts';

/**
 * TRUST_PROXY for gateways behind the launcher's proxy: whatever the operator trusts, and the
 * proxy's own loopback hop on top (the proxy appends the address it sees to X-Forwarded-For).
 */
export function trustBehindLauncher(setting: string | undefined): string {
  const v = setting?.trim();
  if (!v || v === 'false' || v === '0') return '127.0.0.1';
  if (v === 'true') return v;
  if (/^\d+$/.test(v)) return String(Number(v) + 1);
  return `${v},127.0.0.1`;
}

/** Headers that describe one connection, not the request (RFC 9110 7.6.1): not passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The client address, as `::ffff:1.2.3.4` sockets give it, without the IPv4-mapped prefix. */
const addressOf = (socket: Socket) =>
  (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function forwardedFor(headers: IncomingHttpHeaders, client: string): string {
  const prior = headers['x-forwarded-for'];
  const list = Array.isArray(prior) ? prior.join(', ') : prior;
  return list ? `${list}, ${client}` : client;
}

/** A request without a body may be sent again to another gateway when the first refused the connection. */
const replayable = (req: IncomingMessage) =>
  !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';

export type GatewayProxy = {
  server: http.Server;
  /** Listen on the public port; rejects when it is taken. */
  listen: (port: number, host: string) => Promise<void>;
  /**
   * Follow one gateway process: down at once, up when its port accepts connections, down
   * again when `exited` settles.
   */
  follow: (index: number, exited: Promise<unknown>) => void;
  /** Which gateways are up now. */
  up: () => readonly boolean[];
  /** Stop accepting, and end the connections still open (HTTP and upgraded). */
  close: () => Promise<void>;
};

/** How often a started gateway's port is tried until it listens. */
const PROBE_MS = 100;

export function createGatewayProxy(ports: readonly number[]): GatewayProxy {
  const up = ports.map(() => false);
  /** Bumped on every follow(), so the probe of a process that died stops marking it up. */
  const generation = ports.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64 });
  const tunnels = new Set<Duplex>();

  const choose = (address: string, tried: ReadonlySet<number>) =>
    pickGateway(
      address,
      up.map((isUp, i) => isUp && !tried.has(i)),
    );

  const fail = (res: ServerResponse, status: number, text: string) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(text);
  };

  function forward(req: IncomingMessage, res: ServerResponse, tried: Set<number>, again?: number) {
    const client = addressOf(req.socket);
    const index = again ?? choose(client, tried);
    if (index === undefined) {
      fail(res, 503, 'no gateway is running; try again in a moment\n');
      return;
    }
    tried.add(index);
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    headers['x-forwarded-for'] = forwardedFor(req.headers, client);
    headers['x-forwarded-proto'] ??= 'http';
    const upstream = http.request({
      agent,
      host: '127.0.0.1',
      port: ports[index],
      method: req.method,
      path: req.url,
      headers,
    });
    let answered = false;
    upstream.on('response', (reply) => {
      answered = true;
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      }
      res.writeHead(reply.statusCode ?? 502, reply.statusMessage, out);
      reply.pipe(res);
      reply.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) {
        res.destroy();
        return;
      }
      // Refused: that gateway just died or is still starting; its clients go to the next.
      if (err.code === 'ECONNREFUSED' && replayable(req) && tried.size < ports.length) {
        forward(req, res, tried);
        return;
      }
      // A kept-alive connection the gateway closed as it was reused: the same gateway once more
      // (a polling request must stay with the gateway that holds its session).
      if (err.code === 'ECONNRESET' && upstream.reusedSocket && replayable(req) && again === undefined) {
        forward(req, res, tried, index);
        return;
      }
      fail(res, 502, 'the gateway did not answer\n');
    });
    // The client went away first: so does the request to the gateway.
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    // A bodiless request has ended already when it is sent again: nothing to pipe.
    if (replayable(req)) upstream.end();
    else req.pipe(upstream);
  }

  function tunnel(req: IncomingMessage, socket: Duplex, head: Buffer, tried: Set<number>) {
    const client = addressOf(req.socket);
    const index = choose(client, tried);
    if (index === undefined) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tried.add(index);
    const upstream = net.connect({ host: '127.0.0.1', port: ports[index] as number });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.setNoDelay(true);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] as string;
        if (name.toLowerCase() !== 'x-forwarded-for') lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req.headers, client)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      tunnels.add(socket);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && err.code === 'ECONNREFUSED' && tried.size < ports.length) {
        tunnel(req, socket, head, tried);
        return;
      }
      socket.destroy();
    });
    upstream.on('close', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => {
      tunnels.delete(socket);
      upstream.destroy();
    });
  }

  const server = http.createServer((req, res) => forward(req, res, new Set()));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    (socket as Socket).setNoDelay?.(true);
    tunnel(req, socket, head, new Set());
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    follow(index, exited) {
      const mine = (generation[index] ?? 0) + 1;
      generation[index] = mine;
      up[index] = false;
      let over = false;
      void exited.then(() => {
        over = true;
        if (generation[index] === mine) up[index] = false;
      });
      const probe = async () => {
        while (!over && generation[index] === mine) {
          if (await canConnect('127.0.0.1', ports[index] as number, 1_000)) {
            if (!over && generation[index] === mine) up[index] = true;
            return;
          }
          await new Promise((r) => setTimeout(r, PROBE_MS));
        }
      };
      void probe();
    },
    up: () => up,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
