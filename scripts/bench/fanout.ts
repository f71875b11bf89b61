/**
 * Fan-out benchmark (`pnpm bench fanout`): how fresh the prices are that thousands of trade
 * pages hold, whether every user event still reaches its owner, and how fast the clients get
 * in, through the platform's public port as `pnpm start` runs it, against the smallest honest
 * relay of the same streams on the same machine.
 *
 * Every client is subscribed as the trade page subscribes: the coin's market room (ticks, the
 * 15 x 15 order book, the 24 h stats) and the ticker. The benchmark sends those streams at the
 * platform's default rates and in its payload shapes (market-streams.ts), each event with its
 * channel's sequence number. For each number of clients, one path after the other (side by
 * side would pass the open-file limit at 10,000):
 *   1. raw relay: streams → Redis pub/sub → a bare `ws` server that writes each event, encoded
 *      once, to every client (raw-ws-server.ts);
 *   2. the platform (platform.ts: scripts/start.ts with its default front and gateway count),
 *      the streams published through the Socket.IO Redis emitter as the workers publish them,
 *      with every client from 127.0.0.1 and the per-address cap (SOCKET_MAX_CONNECTIONS_PER_IP)
 *      raised for them: first all at the launcher's first gateway's own port (one gateway
 *      directly), then all through PORT (the front keeps one address on one gateway, so this
 *      is one gateway behind the front);
 *   3. the platform afresh at its default settings, the clients through PORT from many
 *      loopback addresses (127.0.0.2 upwards, BENCH_CLIENTS_PER_ADDRESS each, under the
 *      default cap of 100): the front spreads them over every gateway, as it spreads people.
 * The workers run with their market feed off (MARKET_ENABLED=false): the benchmark's streams
 * are numbered, and the feed would publish its own prices and ticker into the same rooms.
 * The first BENCH_TRADES clients of a platform path are signed in, one user each, and while
 * the streams run each user's trade settles: `trade:settled` published as the settlement
 * workers publish it.
 * Clients live in BENCH_PROCS processes, told to connect all at once. Latency: from the moment
 * the benchmark has a tick to the moment a client has parsed it. Reported per run: how many
 * clients connected and subscribed, and how long that took them all (targets: 5,000 within
 * 30 s; 10,000 all connected); tick p50/p99/max over the measured window, the p99 of its first
 * and last 5 s (a backlog that grows shows as a last p99 above the first), bytes per client per
 * second, market events skipped (sequence gaps, from a gateway's conflation) and out of order,
 * the gateways' RSS (the one measured directly, or all) at the start, highest and end of the
 * window, and how many settled trades reached their owner exactly once. A measurement, not a
 * test.
 *
 * Settings (environment): BENCH_CLIENTS (1000,5000,10000), BENCH_RAW (1; 0 leaves the raw
 * relay out), BENCH_FANOUT_PATHS (direct,port,spread: the platform's measurements to run),
 * BENCH_CLIENTS_PER_ADDRESS (50), BENCH_PROCS (4), BENCH_SECONDS measured (60),
 * BENCH_WARMUP_SECONDS (5), BENCH_TRADES (1000), BENCH_TICK_RATE, BENCH_BOOK_RATE,
 * BENCH_STATS_RATE, BENCH_TICKER_RATE (the platform's defaults), BENCH_DATABASE_URL,
 * BENCH_REDIS_URL.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, type TradeRow } from '@app/db';
import { DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Logger } from '../../workers/src/logger.ts';
import { SettlementNotifier } from '../../workers/src/settlement/notifier.ts';
import { benchUsers, ms, stopChild } from './common.ts';
import { STREAM_RATES, type StreamEvent, startStreams } from './market-streams.ts';
import { type BenchPlatform, startBenchPlatform } from './platform.ts';
import { LatencyHistogram, now } from './tick.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
const CLIENT_COUNTS = list(process.env.BENCH_CLIENTS, '1000,5000,10000');
const PATH_NAMES = ['direct', 'port', 'spread'] as const;
/** Which measurements of the platform run (all by default): see the comment at the top. */
const PATHS = (process.env.BENCH_FANOUT_PATHS ?? PATH_NAMES.join(','))
  .split(',')
  .filter((p): p is (typeof PATH_NAMES)[number] => (PATH_NAMES as readonly string[]).includes(p));
/** Clients per loopback address when they come from many (the gateway allows 100 by default). */
const PER_ADDRESS = Number(process.env.BENCH_CLIENTS_PER_ADDRESS ?? 50);
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
  /** Clients connected and subscribed, and how long it took them all. */
  connected: number;
  connectMs: number;
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

/** How the clients connect: which URLs, from which addresses (none: 127.0.0.1). */
type Layout = { urls: string[]; addresses?: string[] };
type Connected = { children: ChildProcess[]; connected: number; failed: number; connectMs: number };

/**
 * Start the client processes, then have them all connect and subscribe at once; how many did
 * and how long it took (from the moment they were told to until the last one was done).
 */
async function startClients(kind: 'socketio' | 'ws', layout: Layout, total: number, tokens: Tokens) {
  const children: ChildProcess[] = [];
  const hello: Promise<void>[] = [];
  const shares: number[] = [];
  let offset = 0;
  for (let i = 0; i < PROCS; i++) {
    const share = Math.floor(total / PROCS) + (i < total % PROCS ? 1 : 0);
    const { urls } = layout;
    const child = fork(`${ROOT}scripts/bench/clients.ts`, [], {
      execArgv: ['--import', TSX],
      env: {
        ...process.env,
        BENCH_KIND: kind,
        // Each process starts on the next URL, so its clients and the signed-in ones spread evenly.
        BENCH_URLS: [...urls.slice(i % urls.length), ...urls.slice(0, i % urls.length)].join(','),
        BENCH_CLIENTS: String(share),
        BENCH_SYMBOL: SYMBOL,
        BENCH_ADDRESSES: (layout.addresses ?? []).join(','),
        BENCH_OFFSET: String(offset),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    shares.push(share);
    hello.push(new Promise((resolve) => child.once('message', () => resolve())));
    offset += share;
  }
  await Promise.all(hello);
  const started = now();
  offset = 0;
  const ready = children.map((child, i) => {
    const mine = tokens.slice(offset, offset + (shares[i] ?? 0));
    offset += shares[i] ?? 0;
    return new Promise<{ connected: number; failed: number; error?: string }>((resolve, reject) => {
      child.on('message', (m: { type: string; connected: number; failed: number; error?: string }) => {
        if (m.type === 'ready') resolve(m);
      });
      child.once('exit', (code) => reject(new Error(`client process exited (${code}) while connecting`)));
      child.send({ type: 'start', tokens: mine });
    });
  });
  const done = await Promise.all(ready);
  const result: Connected = {
    children,
    connected: done.reduce((n, d) => n + d.connected, 0),
    failed: done.reduce((n, d) => n + d.failed, 0),
    connectMs: now() - started,
  };
  const error = done.find((d) => d.error)?.error;
  log(
    `  ${result.connected} of ${total} ${kind} clients connected and subscribed in ${(result.connectMs / 1000).toFixed(1)} s ` +
      `(${PROCS} processes${layout.addresses ? `, from ${layout.addresses.length} addresses` : ''})` +
      (result.failed ? `; ${result.failed} failed, first: ${error}` : ''),
  );
  return result;
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
function rssTotal(pids: number[]): number {
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
  connection: Connected,
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
    connected: connection.connected,
    connectMs: connection.connectMs,
    p50: all.percentile(50),
    p99: all.percentile(99),
    max: all.max,
    firstP99: first.percentile(99),
    lastP99: last.percentile(99),
    ticks: all.count,
    bytesPerClientSecond: clientSeconds ? bytes / clientSeconds : Number.NaN,
    skipped,
    perClient: Object.fromEntries(
      Object.entries(received).map(([channel, n]) => [
        channel,
        Math.round(n / Math.max(1, connection.connected)),
      ]),
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
    const connection = await startClients('ws', { urls: [`ws://127.0.0.1:${port}`] }, clients, []);
    children = connection.children;
    const window = await runStreams(
      ({ event, data }) => void publisher.publish(channel, JSON.stringify({ event, data })),
    );
    return summarise('raw relay', clients, connection, await collect(children, window), null, null);
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

/** One measurement of the platform: clients in `layout`, the streams, the settled trades. */
async function measurePlatform(
  platform: BenchPlatform,
  path: string,
  layout: Layout,
  clients: number,
  tokens: Tokens,
  /** The gateways whose memory is followed: the one measured directly, or all. */
  rssOf: () => number,
): Promise<Result> {
  const redis = new Redis(REDIS_URL);
  const quiet = { error: () => {} } as unknown as Logger;
  const notifier = new SettlementNotifier(new Redis(REDIS_URL), platform.redisPrefix, quiet);
  let children: ChildProcess[] = [];
  try {
    const connection = await startClients('socketio', layout, clients, tokens);
    children = connection.children;
    const emitter = new Emitter(redis, { key: `${platform.redisPrefix}socket.io` });
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
          rss.push(rssOf());
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
      path,
      clients,
      connection,
      reports,
      rss.length ? { start: rss[0] ?? 0, max: Math.max(...rss), end: rss[rss.length - 1] ?? 0 } : null,
      trades.slice(0, published).map((t) => t.id),
    );
  } finally {
    await Promise.all(children.map(stopChild));
    await notifier.close();
    redis.disconnect();
  }
}

/**
 * The platform as `pnpm start` runs it, measured in each of `paths` with `clients` clients;
 * `settings` for the launcher and its processes on top of the benchmark's.
 */
async function platformRuns(
  clients: number,
  paths: ('direct' | 'port' | 'spread')[],
  settings: Record<string, string>,
): Promise<Result[]> {
  // The workers' market feed stays off: the benchmark sends the coin's streams itself, each
  // event numbered, and a second publisher on the same rooms (the feed publishes the ticker
  // whatever the coins) would show as skipped and out-of-order events.
  const platform = await startBenchPlatform({
    name: 'fanout',
    adminDatabaseUrl: ADMIN_URL,
    redisUrl: REDIS_URL,
    env: { MARKET_ENABLED: 'false', ...settings },
  });
  const results: Result[] = [];
  try {
    const { db, close } = createDb(platform.database.url);
    const tokens = await benchUsers(db, platform.secret, Math.min(TRADES, clients))
      .then((users) => users.map((u) => ({ userId: u.id, token: u.token })))
      .finally(close);
    const gatewayPids = () => [...platform.pids().gateways.values()];
    const first = platform.gateways[0];
    const count = platform.gateways.length;
    log(`  platform at ${platform.url}, ${count} gateway(s): ${platform.gateways.join(', ')}`);
    for (const path of paths) {
      if (path === 'direct') {
        if (!first) continue;
        const { gateways } = platform.pids();
        const pid = gateways.get(first) ?? [...gateways.values()][0];
        results.push(
          await measurePlatform(platform, 'one gateway directly', { urls: [first] }, clients, tokens, () =>
            rssTotal(pid ? [pid] : []),
          ),
        );
      } else if (path === 'port') {
        results.push(
          await measurePlatform(
            platform,
            `PORT (${count} gateways), all from 127.0.0.1`,
            { urls: [platform.url] },
            clients,
            tokens,
            () => rssTotal(gatewayPids()),
          ),
        );
      } else {
        const many = Math.ceil(clients / PER_ADDRESS);
        results.push(
          await measurePlatform(
            platform,
            `PORT (${count} gateways), from ${many} addresses`,
            { urls: [platform.url], addresses: loopbackAddresses(many) },
            clients,
            tokens,
            () => rssTotal(gatewayPids()),
          ),
        );
      }
      log(
        `  done: ${results.at(-1)?.path}; market events per client ${JSON.stringify(results.at(-1)?.perClient)}`,
      );
    }
  } finally {
    await platform.stop();
  }
  return results;
}

/** `count` loopback addresses from 127.0.0.2 on (the whole 127/8 is this machine). */
const loopbackAddresses = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const n = i + 2;
    return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  });

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The issue's connection targets: 5,000 clients within 30 s; above that, all of them connected. */
function connectTarget(r: Result): string {
  const all = r.connected === r.clients;
  if (r.clients > 5000) return all ? 'all connected: met' : 'all connected: NOT met';
  return all && r.connectMs <= 30_000 ? 'all within 30 s: met' : 'all within 30 s: NOT met';
}

function row(r: Result, raw: Result | undefined): string {
  const skipped = Object.entries(r.skipped)
    .map(([channel, n]) => `${channel.replace('market:', '')} ${n}`)
    .join(', ');
  const cells = [
    r.clients.toLocaleString('en-US'),
    r.path,
    `${r.connected.toLocaleString('en-US')} in ${(r.connectMs / 1000).toFixed(1)} s`,
    connectTarget(r),
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
  '| clients | path | connected | connect target | tick p50 | tick p99 | tick max | p99 / raw | p99 first 5 s → last 5 s | bytes per client per s | skipped | out of order | disconnects | gateway RSS start / max / end | trade:settled exactly once |\n' +
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';

export async function runFanoutBench() {
  const [load1] = loadavg();
  log(
    `fan-out: ${CLIENT_COUNTS.join(', ')} clients; ${RAW ? 'raw relay, ' : ''}platform as pnpm start runs it: ${PATHS.join(', ')}; ` +
      `${PROCS} client processes; ${SECONDS} s measured after ${WARMUP} s; rates per second: ` +
      `tick ${STREAM_RATES.tick}, book ${STREAM_RATES.book}, stats ${STREAM_RATES.stats}, ticker ${STREAM_RATES.ticker}`,
  );
  log(
    `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores before the run` +
      ((load1 ?? 0) > 0.5 ? ' (other work is running: every path will measure slower and noisier)' : ''),
  );
  const rows: string[] = [];
  const add = (r: Result, raw: Result | undefined) => {
    rows.push(row(r, raw));
    log(`${HEADER}\n${rows.at(-1)}`);
  };
  for (const clients of CLIENT_COUNTS) {
    let raw: Result | undefined;
    if (RAW) {
      log(`${clients} clients: raw relay`);
      raw = await rawRelay(clients);
      add(raw, raw);
    }
    // Every client from 127.0.0.1: the per-address cap raised for them, as for one gateway directly.
    const one = PATHS.filter((p) => p === 'direct' || p === 'port');
    if (one.length) {
      log(
        `${clients} clients: the platform, ${one.join(' then ')}, SOCKET_MAX_CONNECTIONS_PER_IP ${clients + 100}`,
      );
      for (const r of await platformRuns(clients, one, {
        SOCKET_MAX_CONNECTIONS_PER_IP: String(clients + 100),
      }))
        add(r, raw);
    }
    // Many people: at most PER_ADDRESS clients an address, under the default cap.
    if (PATHS.includes('spread')) {
      log(
        `${clients} clients: the platform, from ${Math.ceil(clients / PER_ADDRESS)} addresses, default settings`,
      );
      for (const r of await platformRuns(clients, ['spread'], {})) add(r, raw);
    }
  }
  console.log(`\n${HEADER}\n${rows.join('\n')}\n`);
  console.log(
    'Targets: through PORT at 5,000 clients and at 10,000, tick p99 within 2x of the raw relay, the last 5 s p99 ' +
      'no worse than the first (no growing backlog), gateway RSS flat at 10,000, every trade:settled delivered exactly once; ' +
      '5,000 clients connected within 30 s, and 10,000 all connected.',
  );
}
