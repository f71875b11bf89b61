/**
 * The Socket.IO clients of `pnpm bench fronts`, run in a process of its own:
 * `node --import tsx scripts/bench/fronts/sockets.ts '<json>'` with `{ url, mode, count,
 * seconds, addresses }`; client i binds the local address `addresses[i % addresses.length]`.
 * Prints one JSON line.
 *
 * - `wave`: `count` WebSocket clients opened at once; how long until every one that connects
 *   has, and how many failed (refused, or not connected within `seconds`).
 * - `polling`: `count` clients on the polling transport, kept `seconds`; how many stayed
 *   connected throughout. Each request of a polling session must reach the gateway that holds
 *   the session; one that reaches another is answered "Session ID unknown" and the client
 *   drops (no reconnection here, so a drop counts once).
 */
import http from 'node:http';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type SocketsOptions = {
  url: string;
  mode: 'wave' | 'polling';
  count: number;
  seconds: number;
  addresses: string[];
};
export type WaveResult = { connected: number; failed: number; allConnectedMs: number; errors: string[] };
export type PollingResult = { survivors: number; dropped: number; neverConnected: number; reasons: string[] };

/** engine.io-client passes these on to `ws` and to its polling requests; its types leave them out. */
type NodeClientOptions = Omit<Partial<ManagerOptions & SocketOptions>, 'agent'> & {
  localAddress?: string;
  agent?: http.Agent;
};

const options = (extra: NodeClientOptions): Partial<ManagerOptions & SocketOptions> => ({
  forceNew: true,
  reconnection: false,
  ...(extra as Partial<ManagerOptions & SocketOptions>),
});

/** The first few distinct texts of `all`, with how many times each came. */
function tally(all: string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of all) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].slice(0, 5).map(([text, n]) => `${n} x ${text}`);
}

function wave(o: SocketsOptions): Promise<WaveResult> {
  const sockets: Socket[] = [];
  const errors: string[] = [];
  let connected = 0;
  let failed = 0;
  let lastConnectAt = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      for (const socket of sockets) socket.close();
      resolve({ connected, failed, allConnectedMs: lastConnectAt - started, errors: tally(errors) });
    };
    const settled = () => {
      if (connected + failed === o.count) finish();
    };
    const timer = setTimeout(() => {
      const late = o.count - connected - failed;
      failed += late;
      if (late > 0) errors.push(...Array.from({ length: late }, () => `not connected in ${o.seconds} s`));
      finish();
    }, o.seconds * 1000);
    for (let i = 0; i < o.count; i++) {
      const localAddress = o.addresses[i % o.addresses.length];
      const socket = io(o.url, options({ transports: ['websocket'], localAddress }));
      sockets.push(socket);
      socket.once('connect', () => {
        connected++;
        lastConnectAt = performance.now();
        settled();
      });
      socket.once('connect_error', (err: Error) => {
        failed++;
        errors.push(err.message);
        settled();
      });
    }
  });
}

function polling(o: SocketsOptions): Promise<PollingResult> {
  const reasons: string[] = [];
  const sockets: Socket[] = [];
  let dropped = 0;
  let neverConnected = 0;
  // Closing them at the end is not a drop.
  let over = false;
  for (let i = 0; i < o.count; i++) {
    // Keep-alive, as a browser's polling requests are; each client its own connections.
    const agent = new http.Agent({ keepAlive: true, localAddress: o.addresses[i % o.addresses.length] });
    const socket = io(o.url, options({ transports: ['polling'], agent }));
    sockets.push(socket);
    socket.once('connect_error', (err: Error) => {
      neverConnected++;
      reasons.push(`connect_error: ${err.message}`);
    });
    socket.once('disconnect', (reason: string, detail?: unknown) => {
      if (over) return;
      dropped++;
      const description = (detail as { description?: unknown } | undefined)?.description;
      reasons.push(`disconnect: ${reason}${description ? ` (${String(description)})` : ''}`);
    });
  }
  return new Promise((resolve) => {
    setTimeout(() => {
      over = true;
      const survivors = sockets.filter((s) => s.connected).length;
      for (const socket of sockets) socket.close();
      resolve({ survivors, dropped, neverConnected, reasons: tally(reasons) });
    }, o.seconds * 1000);
  });
}

if (process.argv[1]?.endsWith('sockets.ts') && process.argv[2]) {
  const o = JSON.parse(process.argv[2]) as SocketsOptions;
  const result = o.mode === 'wave' ? await wave(o) : await polling(o);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
