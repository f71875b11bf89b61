/**
 * One client process of the fan-out benchmark: opens `BENCH_CLIENTS` websocket connections of
 * one kind and subscribes each as the trade page does, then counts what arrives.
 *
 * - `socketio`: Socket.IO clients of the platform (`BENCH_URLS`, comma-separated: clients go
 *   to them in turn), each subscribed to the coin's market room (`subscribe`) and to the ticker
 *   (`ticker:subscribe`); the first ones sign in with the tokens the parent sends, one user
 *   each, and count the `trade:settled` events they get.
 * - `ws`: raw WebSocket clients of the baseline relay, which sends every client every event.
 *
 * With `BENCH_ADDRESSES` (comma-separated loopback addresses), client number n of the whole run
 * (`BENCH_OFFSET` + its index here) connects from address n modulo their count (engine.io
 * passes `localAddress` on to ws, and ws to the TCP connection): to the platform, as many
 * people as addresses.
 *
 * A client that cannot connect or subscribe is counted, not fatal: how many of them connected
 * is one of the figures.
 *
 * Protocol with the parent (IPC):
 *   child → { type: 'hello' }                                   (listening for the parent)
 *   parent → { type: 'start', tokens: { userId, token }[] }
 *   child → { type: 'ready', connected, failed, error }        (error: the first failure's message)
 *   parent → { type: 'report', from, to, firstTo, lastFrom }   (the measured window, feed clock)
 *   child → { type: 'report', ... }                             (see `Report` in fanout.ts)
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import WebSocket from 'ws';
import { LatencyHistogram, now } from './tick.ts';

const kind = process.env.BENCH_KIND as 'socketio' | 'ws';
const urls = String(process.env.BENCH_URLS).split(',');
const count = Number(process.env.BENCH_CLIENTS);
const symbol = String(process.env.BENCH_SYMBOL ?? 'BTC');
const addresses = (process.env.BENCH_ADDRESSES ?? '').split(',').filter(Boolean);
const offset = Number(process.env.BENCH_OFFSET ?? 0);
/** The local address of client `index` (none: the system's choice, 127.0.0.1). */
const localAddress = (index: number) =>
  addresses.length ? addresses[(offset + index) % addresses.length] : undefined;
const CONNECT_BATCH = 50;

type Client = { close: () => void; userId?: string };

const clients: Client[] = [];
/** Tick arrivals, kept as pairs in one growing typed buffer: [sentAt, latency, ...]. */
let arrivals = new Float64Array(1 << 20);
let arrivalsLength = 0;
let disconnects = 0;
let outOfOrder = 0;
const skipped: Record<string, number> = {};
const received: Record<string, number> = {};
/** Bytes received by all clients, per second of the clock (ms / 1000, floored). */
const bytesBySecond = new Map<number, number>();
const settled = new Map<string, number>();
let wrongOwner = 0;

function addArrival(sentAt: number, latency: number) {
  if (arrivalsLength + 2 > arrivals.length) {
    const bigger = new Float64Array(arrivals.length * 2);
    bigger.set(arrivals);
    arrivals = bigger;
  }
  arrivals[arrivalsLength++] = sentAt;
  arrivals[arrivalsLength++] = latency;
}

/** Per client and channel, the last sequence number seen; a jump counts the events skipped. */
function sequence(last: Map<string, number>, channel: string, seq: unknown) {
  if (typeof seq !== 'number') return;
  const prev = last.get(channel);
  if (prev !== undefined) {
    if (seq <= prev) outOfOrder++;
    else if (seq > prev + 1) skipped[channel] = (skipped[channel] ?? 0) + (seq - prev - 1);
  }
  last.set(channel, seq);
}

function countBytes(bytes: number) {
  const second = Math.floor(now() / 1000);
  bytesBySecond.set(second, (bytesBySecond.get(second) ?? 0) + bytes);
}

function onMarket(last: Map<string, number>, event: string, data: { seq?: number; sentAt?: number }) {
  const at = now();
  received[event] = (received[event] ?? 0) + 1;
  sequence(last, event, data.seq);
  if (event === 'market:tick' && typeof data.sentAt === 'number') addArrival(data.sentAt, at - data.sentAt);
}

function connectSocketIo(index: number, user?: { userId: string; token: string }): Promise<Client> {
  return new Promise((resolve, reject) => {
    const url = urls[index % urls.length] as string;
    // forceNew: without it io() multiplexes every client over one shared connection.
    const options: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: user ? { token: user.token } : {},
      localAddress: localAddress(index),
    };
    const socket: Socket = io(url, options);
    const last = new Map<string, number>();
    const client: Client = { close: () => socket.close(), userId: user?.userId };
    // Every packet as it came off the wire (engine.io's text frame, its type digit included);
    // the few that are not market events (acks, pings) are counted too.
    socket.io.on('open', () => {
      socket.io.engine.on('packet', (packet: { data?: unknown }) => {
        if (typeof packet.data === 'string') countBytes(packet.data.length + 1);
      });
    });
    for (const event of ['market:tick', 'market:book', 'market:stats', 'ticker']) {
      socket.on(event, (data: { seq?: number; sentAt?: number }) => onMarket(last, event, data));
    }
    socket.on('trade:settled', (payload: { trade: { id: string; userId?: string } }) => {
      settled.set(payload.trade.id, (settled.get(payload.trade.id) ?? 0) + 1);
      if (!user) wrongOwner++;
    });
    socket.on('disconnect', () => disconnects++);
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
    socket.once('connect', () => {
      socket.emit('subscribe', { symbol }, (reply: { ok: boolean; error?: string }) => {
        if (!reply.ok) return reject(new Error(`subscribe refused: ${reply.error}`));
        socket.emit('ticker:subscribe', (tickerReply: { ok: boolean; error?: string }) => {
          if (tickerReply.ok) resolve(client);
          else reject(new Error(`ticker:subscribe refused: ${tickerReply.error}`));
        });
      });
    });
  });
}

function connectWs(index: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(urls[index % urls.length] as string, {
      perMessageDeflate: false,
      localAddress: localAddress(index),
    });
    const last = new Map<string, number>();
    const client: Client = { close: () => socket.close() };
    socket.on('message', (raw: Buffer) => {
      countBytes(raw.length);
      const { event, data } = JSON.parse(String(raw)) as {
        event: string;
        data: { seq?: number; sentAt?: number };
      };
      onMarket(last, event, data);
    });
    socket.on('close', () => disconnects++);
    socket.once('error', reject);
    socket.once('open', () => resolve(client));
  });
}

type Window = { from: number; to: number; firstTo: number; lastFrom: number };

function report(w: Window) {
  const all = new LatencyHistogram();
  const first = new LatencyHistogram();
  const last = new LatencyHistogram();
  for (let i = 0; i < arrivalsLength; i += 2) {
    const sentAt = arrivals[i] as number;
    const latency = arrivals[i + 1] as number;
    if (sentAt < w.from || sentAt >= w.to) continue;
    all.add(latency);
    if (sentAt < w.firstTo) first.add(latency);
    if (sentAt >= w.lastFrom) last.add(latency);
  }
  // Whole seconds inside the window: the rate does not depend on where a second was cut.
  let windowBytes = 0;
  let seconds = 0;
  for (let s = Math.ceil(w.from / 1000); s < Math.floor(w.to / 1000); s++) {
    windowBytes += bytesBySecond.get(s) ?? 0;
    seconds++;
  }
  return {
    type: 'report',
    clients: clients.length,
    all: all.toJSON(),
    first: first.toJSON(),
    last: last.toJSON(),
    bytes: windowBytes,
    bytesSeconds: seconds,
    skipped,
    received,
    outOfOrder,
    disconnects,
    settled: [...settled],
    wrongOwner,
  };
}

async function main(tokens: { userId: string; token: string }[]) {
  let failed = 0;
  let error: string | undefined;
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, (_, k) =>
        kind === 'socketio' ? connectSocketIo(i + k, tokens[i + k]) : connectWs(i + k),
      ),
    );
    for (const result of batch) {
      if (result.status === 'fulfilled') clients.push(result.value);
      else {
        failed++;
        error ??= result.reason instanceof Error ? result.reason.message : String(result.reason);
      }
    }
  }
  process.send?.({ type: 'ready', connected: clients.length, failed, error });
}

process.on('message', (message: { type: string; tokens?: { userId: string; token: string }[] } & Window) => {
  if (message.type === 'start') {
    main(message.tokens ?? []).catch((error: unknown) => {
      console.error(`[clients] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  } else if (message.type === 'report') {
    process.send?.(report(message), () => {
      for (const client of clients) client.close();
      process.exit(0);
    });
  }
});
process.send?.({ type: 'hello' });
