/**
 * Fan-out benchmark (`pnpm bench`): how fast a market tick reaches thousands of browsers.
 *
 * Two runs with the same load, one after the other, on this machine:
 *   1. baseline: feed → Redis pub/sub → a minimal raw `ws` broadcast server → clients
 *   2. platform: feed → Socket.IO Redis emitter (as the workers emit) → the real gateway
 *      (Redis adapter, `market:{SYMBOL}` room) → Socket.IO clients subscribed to the market
 * Clients live in separate processes. Latency is measured from the moment the feed has the
 * tick to the moment a client has parsed it. Prints p50/p90/p99/max, ticks lost and the
 * p99 ratio. It is a measurement, not a test: nothing here fails on a slow machine.
 *
 * Settings (environment): BENCH_CLIENTS (5000), BENCH_PROCS (4), BENCH_RATE ticks/s (10),
 * BENCH_SECONDS measured (20), BENCH_WARMUP_SECONDS (3), BENCH_DATABASE_URL (the test
 * server's postgres database), BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, seed } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { rooms } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { freePort } from '../lib/services.ts';
import { ms, percentile, startGateway, stopChild, waitForHealth } from './common.ts';
import { type BenchTick, now } from './tick.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const PROCS = Number(process.env.BENCH_PROCS ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = 'BTC';
const DRAIN_MS = 3000;

const warmupTicks = WARMUP * RATE;
const totalTicks = warmupTicks + SECONDS * RATE;

type Result = {
  name: string;
  clients: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  delivered: number;
  lost: number;
  disconnects: number;
};
type Report = { latencies: number[]; lost: number; received: number; disconnects: number };

const log = (text: string) => console.log(`[bench] ${text}`);

/** Wait for a line on a child's stdout that matches `pattern`. */
function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(pattern);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before ${pattern}`)));
  });
}

/** Start the client processes and wait until every client is connected. */
async function startClients(kind: 'socketio' | 'ws', url: string): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  const ready: Promise<number>[] = [];
  for (let i = 0; i < PROCS; i++) {
    const share = Math.floor(CLIENTS / PROCS) + (i < CLIENTS % PROCS ? 1 : 0);
    const child = fork(`${ROOT}scripts/bench/clients.ts`, [], {
      execArgv: ['--import', TSX],
      env: {
        ...process.env,
        BENCH_KIND: kind,
        BENCH_URL: url,
        BENCH_CLIENTS: String(share),
        BENCH_SYMBOL: SYMBOL,
        BENCH_FROM: String(warmupTicks),
        BENCH_TO: String(totalTicks),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        child.on('message', (m: { type: string; connected: number }) => {
          if (m.type === 'ready') resolve(m.connected);
        });
        child.once('exit', (code) => reject(new Error(`client process exited (${code}) while connecting`)));
      }),
    );
  }
  const connected = (await Promise.all(ready)).reduce((a, b) => a + b, 0);
  log(`${connected} ${kind} clients connected in ${PROCS} processes`);
  return children;
}

async function collect(children: ChildProcess[]): Promise<Report[]> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<Report>((resolve, reject) => {
          child.on('message', (m: { type: string } & Report) => {
            if (m.type === 'report') resolve(m);
          });
          child.once('exit', (code) => {
            if (code !== 0) reject(new Error(`client process exited (${code}) before reporting`));
          });
          child.send({ type: 'report' });
        }),
    ),
  );
}

/** Send `totalTicks` ticks at RATE per second, each stamped with the moment it is sent. */
async function runFeed(send: (tick: BenchTick) => void) {
  const periodMs = 1000 / RATE;
  const start = now();
  for (let seq = 0; seq < totalTicks; seq++) {
    const due = start + seq * periodMs;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const price = 95_000 + Math.sin(seq / 10) * 50;
    const sentAt = now();
    send({
      symbol: SYMBOL,
      price,
      priceE8: String(Math.round(price * 1e8)),
      aggTradeId: seq,
      exchangeTs: Math.floor(sentAt),
      receivedAt: Math.floor(sentAt),
      source: 'simulated',
      sentAt,
    });
  }
  await new Promise((r) => setTimeout(r, DRAIN_MS));
}

function summarise(name: string, reports: Report[]): Result {
  const all = new Float64Array(reports.reduce((n, r) => n + r.latencies.length, 0));
  let offset = 0;
  for (const r of reports) {
    all.set(r.latencies, offset);
    offset += r.latencies.length;
  }
  all.sort();
  return {
    name,
    clients: CLIENTS,
    p50: percentile(all, 50),
    p90: percentile(all, 90),
    p99: percentile(all, 99),
    max: all.length ? (all[all.length - 1] ?? Number.NaN) : Number.NaN,
    delivered: reports.reduce((n, r) => n + r.received, 0),
    lost: reports.reduce((n, r) => n + r.lost, 0),
    disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
  };
}

async function baseline(): Promise<Result> {
  const channel = `bench:${randomBytes(4).toString('hex')}:ticks`;
  const server = spawn(process.execPath, ['--import', TSX, `${ROOT}scripts/bench/raw-ws-server.ts`], {
    env: { ...process.env, REDIS_URL, BENCH_CHANNEL: channel },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const publisher = new Redis(REDIS_URL);
  let clients: ChildProcess[] = [];
  try {
    const [, port] = await waitForLine(server, /LISTENING port=(\d+)/, 15_000);
    clients = await startClients('ws', `ws://127.0.0.1:${port}`);
    log(`raw ws: ${totalTicks} ticks at ${RATE}/s (${WARMUP} s warm-up)`);
    await runFeed((tick) => void publisher.publish(channel, JSON.stringify(tick)));
    return summarise('raw ws broadcast (baseline)', await collect(clients));
  } finally {
    await Promise.all(clients.map(stopChild));
    await stopChild(server);
    publisher.disconnect();
  }
}

async function platform(): Promise<Result> {
  const database = await createTestDatabase(ADMIN_URL);
  const { db, close } = createDb(database.url);
  await seed(db, {});
  await close();
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  const gateway = startGateway(
    {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      port,
    },
    [],
    // Every client connects from 127.0.0.1.
    { SOCKET_MAX_CONNECTIONS_PER_IP: String(CLIENTS + 100) },
  );
  const redis = new Redis(REDIS_URL);
  const emitter = new Emitter(redis, { key: `${prefix}socket.io` });
  let clients: ChildProcess[] = [];
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 30_000);
    clients = await startClients('socketio', url);
    log(`socket.io: ${totalTicks} ticks at ${RATE}/s (${WARMUP} s warm-up)`);
    const room = emitter.to(rooms.market(SYMBOL));
    await runFeed((tick) => room.emit('market:tick', tick));
    return summarise('socket.io gateway (platform)', await collect(clients));
  } finally {
    await Promise.all(clients.map(stopChild));
    await stopChild(gateway);
    redis.disconnect();
    await database.drop();
  }
}

function row(r: Result): string {
  const expected = CLIENTS * SECONDS * RATE;
  const cells = [
    ms(r.p50),
    ms(r.p90),
    ms(r.p99),
    ms(r.max),
    `${r.delivered}/${expected}`,
    r.lost,
    r.disconnects,
  ];
  return r.name.padEnd(32) + cells.map((c) => String(c).padEnd(16)).join('');
}

export async function runFanoutBench() {
  log(`fan-out: ${CLIENTS} clients, ${PROCS} client processes, ${RATE} ticks/s, ${SECONDS} s measured`);
  const [load1] = loadavg();
  log(
    `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores before the run` +
      ((load1 ?? 0) > 0.5 ? ' (other work is running: both paths will measure slower and noisier)' : ''),
  );
  const header =
    'path'.padEnd(32) +
    ['p50', 'p90', 'p99', 'max', 'delivered', 'lost', 'disconnects'].map((h) => h.padEnd(16)).join('');
  const raw = await baseline();
  log(`done\n${header}\n${row(raw)}`);
  const sio = await platform();
  log(`done\n${header}\n${row(sio)}`);

  const ratio = sio.p99 / raw.p99;
  const met = ratio <= 2 && sio.p99 <= 50 && sio.lost === 0;
  console.log(`\n${header}\n${row(raw)}\n${row(sio)}\n`);
  console.log(`p99 ratio socket.io / raw ws: ${ratio.toFixed(2)}x`);
  console.log(
    `target (p99 within 2x of raw and <= 50 ms, 0 lost): ${met ? 'met' : 'NOT met'} ` +
      `(p99 ${ms(sio.p99)}, ratio ${ratio.toFixed(2)}x, lost ${sio.lost})`,
  );
}
