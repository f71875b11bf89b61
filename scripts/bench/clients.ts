/**
 * One client process of the fan-out benchmark: opens `BENCH_CLIENTS` websocket connections of
 * one kind (`socketio`: Socket.IO clients subscribed to a market room; `ws`: raw WebSocket
 * clients of the baseline server), records when each tick arrives, and reports to the parent
 * over IPC.
 *
 * Protocol with the parent (IPC messages):
 *   child → { type: 'ready', connected }     once every client is connected (and subscribed)
 *   parent → { type: 'report' }              after the last tick has had time to arrive
 *   child → { type: 'report', latencies, lost, received, disconnects }
 * Ticks with BENCH_FROM <= seq < BENCH_TO are measured; earlier ones are the warm-up.
 */
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { type BenchTick, now } from './tick.ts';

const kind = process.env.BENCH_KIND as 'socketio' | 'ws';
const url = String(process.env.BENCH_URL);
const count = Number(process.env.BENCH_CLIENTS);
const symbol = String(process.env.BENCH_SYMBOL ?? 'BTC');
const maxSeq = Number(process.env.BENCH_TO);
const CONNECT_BATCH = 50;

type Client = { seen: Uint8Array; close: () => void };
const clients: Client[] = [];
const latencies: number[] = [];
const measureFrom = Number(process.env.BENCH_FROM);
const measureTo = Number(process.env.BENCH_TO);
let disconnects = 0;

function record(client: Client, tick: BenchTick) {
  const at = now();
  const seq = tick.aggTradeId;
  if (seq < 0 || seq >= maxSeq) return;
  client.seen[seq] = 1;
  if (seq >= measureFrom && seq < measureTo) latencies.push(at - tick.sentAt);
}

function connectSocketIo(): Promise<Client> {
  return new Promise((resolve, reject) => {
    // forceNew: without it io() multiplexes every client over one shared connection.
    const socket: Socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    const client: Client = { seen: new Uint8Array(maxSeq), close: () => socket.close() };
    socket.on('market:tick', (tick: BenchTick) => record(client, tick));
    socket.on('disconnect', () => disconnects++);
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('subscribe', { symbol }, (reply: { ok: boolean; error?: string }) => {
        if (reply.ok) resolve(client);
        else reject(new Error(`subscribe refused: ${reply.error}`));
      });
    });
  });
}

function connectWs(): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const client: Client = { seen: new Uint8Array(maxSeq), close: () => socket.close() };
    socket.on('message', (data) => record(client, JSON.parse(String(data)) as BenchTick));
    socket.on('close', () => disconnects++);
    socket.once('error', reject);
    socket.once('open', () => resolve(client));
  });
}

async function main() {
  const connect = kind === 'socketio' ? connectSocketIo : connectWs;
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, () => connect()),
    );
    clients.push(...batch);
  }
  process.send?.({ type: 'ready', connected: clients.length });

  process.on('message', (message: { type: string }) => {
    if (message.type !== 'report') return;
    let lost = 0;
    let received = 0;
    for (const client of clients) {
      for (let seq = measureFrom; seq < measureTo; seq++) {
        if (client.seen[seq]) received++;
        else lost++;
      }
    }
    process.send?.({ type: 'report', latencies, lost, received, disconnects }, () => {
      for (const client of clients) client.close();
      process.exit(0);
    });
  });
}

main().catch((error: unknown) => {
  console.error(`[clients] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
