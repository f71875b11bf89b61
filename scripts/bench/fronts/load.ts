/**
 * The HTTP load of `pnpm bench fronts`, run in a process of its own:
 * `node --import tsx scripts/bench/fronts/load.ts '<json>'` with `{ url, connections, seconds,
 * addresses }`. Connection i binds the local address `addresses[i % addresses.length]` and sends
 * GET requests back to back over it (keep-alive, one at a time); prints one JSON line: answers
 * per second, answers by status, socket errors.
 *
 * autocannon cannot bind a local address, and a front that hashes the client address (the
 * launcher's) must see several to spread them, so the benchmark uses this loop for one address
 * and for many alike. It writes the request from a buffer and reads only the status line and the
 * framing (Content-Length or chunked), as autocannon does, so the load takes little of the CPU
 * the servers measured share with it; node:http's client would take several times more.
 */
import net from 'node:net';

export type LoadOptions = { url: string; connections: number; seconds: number; addresses: string[] };
export type LoadResult = { rps: number; requests: number; statuses: Record<string, number>; errors: number };

/** The length of the first whole response in `buf` and its status, or undefined while incomplete. */
export function responseLength(buf: Buffer): { status: number; length: number } | undefined {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = buf.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + 4;
  const contentLength = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return buf.length >= length ? { status, length } : undefined;
  }
  if (!/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) return { status, length: bodyStart };
  let at = bodyStart;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buf.toString('latin1', at, lineEnd), 16);
    // The last chunk is followed by trailers, which none of these servers send, then a blank line.
    if (size === 0) return buf.length >= lineEnd + 4 ? { status, length: lineEnd + 4 } : undefined;
    at = lineEnd + 2 + size + 2;
    if (at > buf.length) return undefined;
  }
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const port = Number(target.port || 80);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const statuses: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const sockets = new Set<net.Socket>();
  // A request the server never answers does not hold the run past its time.
  const stop = setTimeout(
    () => {
      for (const socket of sockets) socket.destroy();
    },
    options.seconds * 1000 + 5000,
  );

  const connection = (localAddress: string) =>
    new Promise<void>((done) => {
      const open = () => {
        let pending: Buffer = Buffer.alloc(0);
        const socket = net.connect({ host: target.hostname, port, localAddress, noDelay: true });
        sockets.add(socket);
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk: Buffer) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          const response = responseLength(pending);
          if (!response) return;
          pending = pending.subarray(response.length);
          // An answer after the deadline is not counted: the rate is over the given seconds.
          if (performance.now() >= deadline) {
            socket.destroy();
            return;
          }
          requests++;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          socket.write(request);
        });
        socket.on('error', () => errors++);
        // A server that closed the connection (or an error): a new one, until the time is up.
        socket.on('close', () => {
          sockets.delete(socket);
          if (performance.now() < deadline) setTimeout(open, 10);
          else done();
        });
      };
      open();
    });

  const all = Array.from({ length: options.connections }, (_, i) =>
    connection(options.addresses[i % options.addresses.length] ?? '127.0.0.1'),
  );
  return Promise.all(all).then(() => {
    clearTimeout(stop);
    return { rps: requests / options.seconds, requests, statuses, errors };
  });
}

if (process.argv[1]?.endsWith('load.ts') && process.argv[2]) {
  const result = await runLoad(JSON.parse(process.argv[2]) as LoadOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
