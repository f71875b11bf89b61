/**
 * Fan-out benchmark (`pnpm bench fanout`): how fresh the prices are that thousands of trade
 * pages hold, and whether every user event still reaches its owner, against the smallest
 * honest relay of the same streams on the same machine.
 *
 * Every client is subscribed as the trade page subscribes: the coin's market room (ticks, the
 * 15 x 15 order book, the 24 h stats) and the ticker. The feed sends those streams at the
 * platform's default rates and in its payload shapes (market-streams.ts), each event with its
 * channel's sequence number. For each number of clients, one after the other (side by side
 * would pass the open-file limit at 10,000):
 *   1. raw relay: feed → Redis pub/sub → a bare `ws` server that writes each event, encoded
 *      once, to every client (raw-ws-server.ts);
 *   2. the platform with 1, then 2 gateway processes: feed → Socket.IO Redis emitter (as the
 *      workers publish) → the real gateways (their bundle, as `pnpm start` runs them) →
 *      Socket.IO clients spread over the gateways in turn, as a load balancer spreads them.
 *      The first BENCH_TRADES clients are signed in, one user each, and while the streams run
 *      each user's trade settles: `trade:settled` published as the settlement workers publish it.
 * Clients live in BENCH_PROCS processes. Latency: from the moment the feed has a tick to the
 * moment a client has parsed it. Reported per run: tick p50/p99/max over the measured window,
 * the p99 of its first and last 5 s (a backlog that grows shows as a last p99 above the first),
 * bytes per client per second, market events skipped (sequence gaps, from a gateway's
 * conflation) and out of order, gateway RSS at the start, highest and end of the window, and
 * how many settled trades reached their owner exactly once. A measurement, not a test.
 *
 * Settings (environment): BENCH_CLIENTS (1000,5000,10000), BENCH_GATEWAYS (1,2), BENCH_RAW (1), BENCH_PROCS (4),
 * BENCH_SECONDS measured (60), BENCH_WARMUP_SECONDS (5), BENCH_TRADES (1000), BENCH_TICK_RATE,
 * BENCH_BOOK_RATE, BENCH_STATS_RATE, BENCH_TICKER_RATE (the platform's defaults), BENCH_FANOUT_NODE_ARGS
 * (extra node arguments of the gateways, e.g. `--trace-gc`),
 * BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, seed, type TradeRow } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Logger } from '../../workers/src/logger.ts';
import { SettlementNotifier } from '../../workers/src/settlement/notifier.ts';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import { benchUsers, ms, nodeArgsFromEnv, startGateway, stopChild, waitForHealth } from './common.ts';
import { STREAM_RATES, type StreamEvent, startStreams } from './market-streams.ts';
import { LatencyHistogram, now } from './tick.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
const CLIENT_COUNTS = list(process.env.BENCH_CLIENTS, '1000,5000,10000');
const GATEWAY_COUNTS = list(process.env.BENCH_GATEWAYS, '1,2');
const PROCS = Number(process.env.BENCH_PROCS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const TRADES = Number(process.env.BENCH_TRADES ?? 1000);
/** BENCH_RAW=0 leaves the raw relay out (a quicker run while tuning the platform). */
const RAW = process.env.BENCH_RAW !== '0';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = 'BTC';
/** The stretch at each end of the window whose p99s are compared. */
const EDGE_MS = 5000;
const DRAIN_MS = 3000;

const log = (text: string) => console.log(`[bench] ${text}`);
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

type Histogram = { counts: number[]; count: number; max: number };
type ClientReport = {
  clients: number;
  all: Histogram;
  first: Histogram;
  last: Histogram;
  bytes: number;
  bytesSeconds: number;
  skipped: Record<string, number>;
  received: Record<string, number>;
  outOfOrder: number;
  disconnects: number;
  settled: [string, number][];
  wrongOwner: number;
};
type Result = {
  path: string;
  clients: number;
  gateways: number | null;
  p50: number;
  p99: number;
  max: number;
  firstP99: number;
  lastP99: number;
  ticks: number;
  bytesPerClientSecond: number;
  skipped: Record<string, number>;
  /** Market events received per client, by channel, over the whole run. */
  perClient: Record<string, number>;
  outOfOrder: number;
  disconnects: number;
  rss: { start: number; max: number; end: number } | null;
  settled: {
    exactlyOnce: number;
    duplicated: number;
    missing: number;
    wrongOwner: number;
    of: number;
  } | null;
};

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

type Tokens = { userId: string; token: string }[];

/** Start the client processes and wait until every client is connected and subscribed. */
async function startClients(kind: 'socketio' | 'ws', urls: string[], total: number, tokens: Tokens) {
  const children: ChildProcess[] = [];
  const ready: Promise<number>[] = [];
  let offset = 0;
  for (let i = 0; i < PROCS; i++) {
    const share = Math.floor(total / PROCS) + (i < total % PROCS ? 1 : 0);
    const child = fork(`${ROOT}scripts/bench/clients.ts`, [], {
      execArgv: ['--import', TSX],
      env: {
        ...process.env,
        BENCH_KIND: kind,
        // Each process starts on the next gateway, so its clients and the signed-in ones spread evenly.
        BENCH_URLS: [...urls.slice(i % urls.length), ...urls.slice(0, i % urls.length)].join(','),
        BENCH_CLIENTS: String(share),
        BENCH_SYMBOL: SYMBOL,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        const mine = tokens.slice(offset, offset + share);
        child.on('message', (m: { type: string; connected: number }) => {
          if (m.type === 'hello') child.send({ type: 'start', tokens: mine });
          if (m.type === 'ready') resolve(m.connected);
        });
        child.once('exit', (code) => reject(new Error(`client process exited (${code}) while connecting`)));
      }),
    );
    offset += share;
  }
  const connected = (await Promise.all(ready)).reduce((a, b) => a + b, 0);
  log(`  ${connected} ${kind} clients connected and subscribed in ${PROCS} processes`);
  return children;
}

type Window = { from: number; to: number; firstTo: number; lastFrom: number };

function collect(children: ChildProcess[], window: Window): Promise<ClientReport[]> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<ClientReport>((resolve, reject) => {
          child.on('message', (m: { type: string } & ClientReport) => {
            if (m.type === 'report') resolve(m);
          });
          child.once('exit', (code) => {
            if (code !== 0) reject(new Error(`client process exited (${code}) before reporting`));
          });
          child.send({ type: 'report', ...window });
        }),
    ),
  );
}

/** Resident memory (bytes) of the given processes together. */
function rssOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      total += Number(line?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * Run the streams for warm-up + SECONDS (+ a drain), calling `during` once a tenth of a second
 * inside the measured window; the window in feed time.
 */
async function runStreams(
  send: (event: StreamEvent) => void,
  during?: (elapsedMs: number) => void,
): Promise<Window> {
  const start = now();
  const from = start + WARMUP * 1000;
  const to = from + SECONDS * 1000;
  const stop = startStreams(SYMBOL, send);
  try {
    while (now() < to) {
      await sleep(100);
      const t = now();
      if (t >= from && t < to) during?.(t - from);
    }
  } finally {
    stop();
  }
  await sleep(DRAIN_MS);
  return { from, to, firstTo: from + EDGE_MS, lastFrom: to - EDGE_MS };
}

function summarise(
  path: string,
  clients: number,
  gateways: number | null,
  reports: ClientReport[],
  rss: Result['rss'],
  trades: string[] | null,
): Result {
  const all = new LatencyHistogram();
  const first = new LatencyHistogram();
  const last = new LatencyHistogram();
  const skipped: Record<string, number> = {};
  const received: Record<string, number> = {};
  const settled = new Map<string, number>();
  let bytes = 0;
  let clientSeconds = 0;
  for (const r of reports) {
    all.merge(r.all);
    first.merge(r.first);
    last.merge(r.last);
    bytes += r.bytes;
    clientSeconds += r.clients * r.bytesSeconds;
    for (const [channel, n] of Object.entries(r.skipped)) skipped[channel] = (skipped[channel] ?? 0) + n;
    for (const [channel, n] of Object.entries(r.received)) received[channel] = (received[channel] ?? 0) + n;
    for (const [id, n] of r.settled) settled.set(id, (settled.get(id) ?? 0) + n);
  }
  return {
    path,
    clients,
    gateways,
    p50: all.percentile(50),
    p99: all.percentile(99),
    max: all.max,
    firstP99: first.percentile(99),
    lastP99: last.percentile(99),
    ticks: all.count,
    bytesPerClientSecond: clientSeconds ? bytes / clientSeconds : Number.NaN,
    skipped,
    perClient: Object.fromEntries(
      Object.entries(received).map(([channel, n]) => [channel, Math.round(n / clients)]),
    ),
    outOfOrder: reports.reduce((n, r) => n + r.outOfOrder, 0),
    disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
    rss,
    settled: trades && {
      of: trades.length,
      exactlyOnce: trades.filter((id) => settled.get(id) === 1).length,
      duplicated: trades.filter((id) => (settled.get(id) ?? 0) > 1).length,
      missing: trades.filter((id) => !settled.has(id)).length,
      wrongOwner: reports.reduce((n, r) => n + r.wrongOwner, 0),
    },
  };
}

async function rawRelay(clients: number): Promise<Result> {
  const channel = `bench:${randomBytes(4).toString('hex')}:market`;
  const server = spawn(process.execPath, ['--import', TSX, `${ROOT}scripts/bench/raw-ws-server.ts`], {
    env: { ...process.env, REDIS_URL, BENCH_CHANNEL: channel },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const publisher = new Redis(REDIS_URL);
  let children: ChildProcess[] = [];
  try {
    const [, port] = await waitForLine(server, /LISTENING port=(\d+)/, 15_000);
    children = await startClients('ws', [`ws://127.0.0.1:${port}`], clients, []);
    const window = await runStreams(
      ({ event, data }) => void publisher.publish(channel, JSON.stringify({ event, data })),
    );
    return summarise('raw relay', clients, null, await collect(children, window), null, null);
  } finally {
    await Promise.all(children.map(stopChild));
    await stopChild(server);
    publisher.disconnect();
  }
}

/** A settled trade of `userId` as the settlement writes it (only what the event carries matters). */
function settledTrade(userId: string): TradeRow {
  const at = new Date();
  return {
    id: randomUUID(),
    userId,
    account: 'practice',
    symbol: SYMBOL,
    direction: 'up',
    amount: 10_000n,
    settingId: null,
    durationSeconds: 20,
    payoutPercent: 85,
    status: 'won',
    entryPriceE8: 9_500_000_000_000n,
    entryAggTradeId: 1,
    entryExchangeTs: new Date(at.getTime() - 20_000),
    entrySource: 'binance',
    entrySecond: new Date(Math.floor((at.getTime() - 20_000) / 1000) * 1000),
    expiresAt: at,
    exitPriceE8: 9_501_000_000_000n,
    exitAggTradeId: 2,
    exitExchangeTs: at,
    exitSource: 'binance',
    exitSecond: new Date(Math.floor(at.getTime() / 1000) * 1000),
    staleAfterMs: 2000,
    payout: 18_500n,
    profit: 8_500n,
    settledAt: at,
    voidReason: null,
    cancelReason: null,
    cancelledBy: null,
    createdAt: new Date(at.getTime() - 20_000),
  } as TradeRow;
}

async function platform(clients: number, gateways: number): Promise<Result> {
  const database = await createTestDatabase(ADMIN_URL);
  const { db, close } = createDb(database.url);
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');
  const redis = new Redis(REDIS_URL);
  const processes: ChildProcess[] = [];
  let children: ChildProcess[] = [];
  const quiet = { error: () => {} } as unknown as Logger;
  const notifier = new SettlementNotifier(new Redis(REDIS_URL), prefix, quiet);
  try {
    await seed(db, {});
    const signedIn = Math.min(TRADES, clients);
    const tokens = (await benchUsers(db, secret, signedIn)).map((u) => ({ userId: u.id, token: u.token }));

    const urls: string[] = [];
    for (let g = 0; g < gateways; g++) {
      const port = await freePort();
      processes.push(
        startGateway(
          { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix, JWT_SECRET: secret, port },
          nodeArgsFromEnv('BENCH_FANOUT_NODE_ARGS'),
          // Every client connects from 127.0.0.1.
          { SOCKET_MAX_CONNECTIONS_PER_IP: String(clients + 100), GATEWAY_PROCESSES: '1' },
        ),
      );
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url) => waitForHealth(url, 30_000)));
    children = await startClients('socketio', urls, clients, tokens);

    const emitter = new Emitter(redis, { key: `${prefix}socket.io` });
    const pids = processes.map((p) => p.pid ?? 0);
    const rss: number[] = [];
    const trades = tokens.map((t) => settledTrade(t.userId));
    const balances = new Map(tokens.map((t) => [t.userId, { real: 0n, practice: 10_018_500n }]));
    let published = 0;
    let lastSecond = -1;
    const window = await runStreams(
      ({ room, event, data }) => emitter.to(room).emit(event, data),
      (elapsed) => {
        const second = Math.floor(elapsed / 1000);
        if (second !== lastSecond) {
          lastSecond = second;
          rss.push(rssOf(pids));
        }
        // The trades settle evenly over the window (but its last second), a slice a tenth of a second.
        const due = Math.min(trades.length, Math.ceil((trades.length * elapsed) / ((SECONDS - 1) * 1000)));
        if (due > published) {
          void notifier.settledMany(trades.slice(published, due), balances);
          published = due;
        }
      },
    );
    const reports = await collect(children, window);
    return summarise(
      `platform, ${gateways} gateway${gateways > 1 ? 's' : ''}`,
      clients,
      gateways,
      reports,
      rss.length ? { start: rss[0] ?? 0, max: Math.max(...rss), end: rss[rss.length - 1] ?? 0 } : null,
      trades.slice(0, published).map((t) => t.id),
    );
  } finally {
    await Promise.all(children.map(stopChild));
    for (const p of processes) await stopChild(p);
    await notifier.close();
    redis.disconnect();
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
    await close();
    await database.drop();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function row(r: Result, raw: Result | undefined): string {
  const skipped = Object.entries(r.skipped)
    .map(([channel, n]) => `${channel.replace('market:', '')} ${n}`)
    .join(', ');
  const cells = [
    r.clients.toLocaleString('en-US'),
    r.path,
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    raw && r !== raw ? `${(r.p99 / raw.p99).toFixed(2)}x` : '',
    `${ms(r.firstP99)} → ${ms(r.lastP99)}`,
    Math.round(r.bytesPerClientSecond).toLocaleString('en-US'),
    skipped || '0',
    String(r.outOfOrder),
    String(r.disconnects),
    r.rss ? `${mb(r.rss.start)} / ${mb(r.rss.max)} / ${mb(r.rss.end)}` : '',
    r.settled ? `${r.settled.exactlyOnce}/${r.settled.of}` : '',
  ];
  return `| ${cells.join(' | ')} |`;
}

const HEADER =
  '| clients | path | tick p50 | tick p99 | tick max | p99 / raw | p99 first 5 s → last 5 s | bytes per client per s | skipped | out of order | disconnects | gateway RSS start / max / end | trade:settled exactly once |\n' +
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';

export async function runFanoutBench() {
  const [load1] = loadavg();
  log(
    `fan-out: ${CLIENT_COUNTS.join(', ')} clients; platform with ${GATEWAY_COUNTS.join(' and ')} gateway(s); ` +
      `${PROCS} client processes; ${SECONDS} s measured after ${WARMUP} s; rates per second: ` +
      `tick ${STREAM_RATES.tick}, book ${STREAM_RATES.book}, stats ${STREAM_RATES.stats}, ticker ${STREAM_RATES.ticker}`,
  );
  log(
    `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores before the run` +
      ((load1 ?? 0) > 0.5 ? ' (other work is running: every path will measure slower and noisier)' : ''),
  );
  const rows: string[] = [];
  for (const clients of CLIENT_COUNTS) {
    let raw: Result | undefined;
    if (RAW) {
      log(`${clients} clients: raw relay`);
      raw = await rawRelay(clients);
      rows.push(row(raw, raw));
      log(`done; market events per client ${JSON.stringify(raw.perClient)}\n${HEADER}\n${rows.at(-1)}`);
    }
    for (const gateways of GATEWAY_COUNTS) {
      log(`${clients} clients: platform, ${gateways} gateway process(es)`);
      const result = await platform(clients, gateways);
      rows.push(row(result, raw));
      log(`done; market events per client ${JSON.stringify(result.perClient)}\n${HEADER}\n${rows.at(-1)}`);
    }
  }
  console.log(`\n${HEADER}\n${rows.join('\n')}\n`);
  console.log(
    'Targets: at 5,000 clients with 1 gateway and at 10,000, tick p99 within 2x of the raw relay, the last 5 s p99 ' +
      'no worse than the first (no growing backlog), gateway RSS flat at 10,000, every trade:settled delivered exactly once.',
  );
}
