/**
 * Settlement benchmark (`pnpm bench settlement`): how late settlement jobs start, and how soon
 * the owner's browser hears the result, when many trades expire at once.
 *
 * One run, on a fresh database and a Redis prefix of its own:
 *   - a local Binance-protocol server (workers/src/market/testing/fake-binance.ts) trades
 *     BTCUSDT and ETHUSDT every BENCH_SETTLE_TRADE_EVERY_MS;
 *   - a real workers process ingests it (Redis, the Postgres tick archive) and settles;
 *   - a real gateway process relays the workers' `trade:settled` and `balance` events to one
 *     Socket.IO client per owner, signed in with the owner's token (as a browser is), all in
 *     this process;
 *   - baseline: 1,000 Node `setTimeout` timers due at one instant, their lateness;
 *   - warm-up (BENCH_SETTLE_WARMUP_BURSTS times): bursts as below, printed but not counted: the
 *     first bursts of a fresh workers and gateway process also compile their hot paths, which
 *     makes them slower than the ones after;
 *   - burst (BENCH_SETTLE_BURSTS times): BENCH_SETTLE_TRADES trades (placed with @app/db's placeTrade, scheduled as the
 *     gateway schedules them: one `settleExpiry` job per symbol and expiry instant, added once,
 *     with the gateway's job options) placed within one second, so they all expire at the same
 *     x.999 (expiry is the last millisecond of a second): one job per symbol;
 *   - spread: as many trades again, an equal share expiring in each of
 *     BENCH_SETTLE_SPREAD_SECONDS consecutive seconds.
 * Prints job lateness (BullMQ processedOn - expiry, one job per symbol and instant) next to the
 * timers' lateness, the workers' batches (one transaction each: SETTLEMENT_EXPIRY_BATCH trades),
 * and expiry → `trade:settled` received by the client. Targets: job p99 within +20 ms of the
 * timers' p99; client p99 <= 150 ms. A measurement, never a test.
 *
 * Redis: BENCH_REDIS_URL, else a private redis-server started with hz 100 (as BullMQ wants:
 * Redis's default hz 10 fires delayed jobs much later), else redis://127.0.0.1:6379.
 * Settings (environment): BENCH_SETTLE_TRADES (1000), BENCH_SETTLE_WARMUP_BURSTS (3), BENCH_SETTLE_BURSTS (3), BENCH_SETTLE_SPREAD_SECONDS (10),
 * BENCH_SETTLE_USERS (200), BENCH_SETTLE_CONCURRENCY (the workers' default, 64),
 * BENCH_SETTLE_BATCH (the workers' SETTLEMENT_EXPIRY_BATCH default, 1000),
 * BENCH_SETTLE_TRADE_EVERY_MS (20), BENCH_DATABASE_URL (the test server's postgres database),
 * BENCH_WORKERS_NODE_ARGS and BENCH_GATEWAY_NODE_ARGS (extra node arguments for the workers and
 * the gateway process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, type Db, type EntryTick, type TradeRow, type TradeSettingTerms } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import {
  type BalanceEvent,
  type ClientToServerEvents,
  type FeedStatus,
  marketKeys,
  type ServerToClientEvents,
  settleExpiryJobId,
  type Tick,
  type TradeSettledEvent,
} from '@app/shared';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { startFakeBinance } from '../../workers/src/market/testing/fake-binance.ts';
import {
  addExpiryJobs,
  createSetting,
  createUser,
  giveMoney,
  place,
  settlementQueue,
  type UserSockets,
  waitFor,
} from '../../workers/src/settlement/testing/fixtures.ts';
import { startWorkerProcess, type WorkerProcess } from '../../workers/src/testing/worker-process.ts';
import { serverCommand } from '../lib/servers.ts';
import { deleteRedisPrefix, freePort, type StartedRedis, startLocalRedis } from '../lib/services.ts';
import {
  type CpuSample,
  cpuSampler,
  cpuSince,
  nodeArgsFromEnv,
  signToken,
  startGateway,
  stopChild,
  waitForHealth,
} from './common.ts';

const TRADES = Number(process.env.BENCH_SETTLE_TRADES ?? 1000);
const USERS = Number(process.env.BENCH_SETTLE_USERS ?? 200);
const CONCURRENCY = process.env.BENCH_SETTLE_CONCURRENCY;
const BATCH = process.env.BENCH_SETTLE_BATCH;
const TRADE_EVERY_MS = Number(process.env.BENCH_SETTLE_TRADE_EVERY_MS ?? 20);
const EXTRA_WORKERS_ARGS = nodeArgsFromEnv('BENCH_WORKERS_NODE_ARGS');
const EXTRA_GATEWAY_ARGS = nodeArgsFromEnv('BENCH_GATEWAY_NODE_ARGS');
const TIMERS = 1000;
const SPREAD_SECONDS = Number(process.env.BENCH_SETTLE_SPREAD_SECONDS ?? 10);
/** Bursts measured one after the other in the run: one burst's p99 varies a lot on a shared machine. */
const BURSTS = Number(process.env.BENCH_SETTLE_BURSTS ?? 3);
/** Bursts before the measured ones, not counted: a fresh process compiles its hot paths in them. */
const WARMUP_BURSTS = Number(process.env.BENCH_SETTLE_WARMUP_BURSTS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const SYMBOLS = ['BTC', 'ETH'];
/** Long enough to place every trade before the burst (placement is not what this measures). */
const DURATION_SECONDS = 8;

const log = (text: string) => console.log(`[bench] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wall clock with sub-millisecond resolution. */
const clock = () => performance.timeOrigin + performance.now();

type Stats = { n: number; min: number; p50: number; p99: number; max: number };

function stats(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
        Number.NaN);
  return { n: sorted.length, min: sorted[0] ?? Number.NaN, p50: at(50), p99: at(99), max: at(100) };
}

const fmt = (v: number, unit = ' ms') => (Number.isFinite(v) ? `${v.toFixed(1)}${unit}` : '-');
/** `name 12.3 ms, ...` for each process of a CPU sample. */
const cpuList = (cpu: CpuSample) =>
  Object.entries(cpu)
    .map(([name, v]) => `${name} ${fmt(v)}`)
    .join(', ');
const row = (name: string, s: Stats, unit?: string) =>
  name.padEnd(58) +
  [s.n, fmt(s.min, unit), fmt(s.p50, unit), fmt(s.p99, unit), fmt(s.max, unit)]
    .map((c) => String(c).padEnd(12))
    .join('');

/** 1,000 timers due at the same instant: how late Node runs them on this machine, now. */
async function timerLateness(): Promise<number[]> {
  const due = Math.ceil(clock() / 1000) * 1000 + 999;
  const late: number[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < TIMERS; i++) {
      setTimeout(
        () => {
          late.push(clock() - due);
          if (late.length === TIMERS) resolve();
        },
        // Whole milliseconds (Node truncates a fraction, which would fire a timer early).
        Math.max(0, Math.ceil(due - clock())),
      );
    }
  });
  return late;
}

/** One Socket.IO client per user on the gateway at `url`, signed in as that user (token version 0). */
async function gatewaySockets(url: string, secret: string, userIds: string[]): Promise<UserSockets> {
  const settled: UserSockets['settled'] = [];
  const balances: UserSockets['balances'] = [];
  const clients: Array<Socket<ServerToClientEvents, ClientToServerEvents>> = [];
  for (let i = 0; i < userIds.length; i += 50) {
    await Promise.all(
      userIds.slice(i, i + 50).map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
              transports: ['websocket'],
              auth: { token: signToken(secret, id, 0) },
            });
            clients.push(client);
            client.on('trade:settled', (payload: TradeSettledEvent) =>
              settled.push({ payload, at: Date.now() }),
            );
            client.on('balance', (payload: BalanceEvent) => balances.push({ payload, at: Date.now() }));
            // Sent once the socket is in its user's room.
            client.once('feed:status', () => resolve());
            client.once('connect_error', reject);
          }),
      ),
    );
  }
  return {
    settled,
    balances,
    close: async () => {
      for (const c of clients) c.close();
    },
  };
}

async function redisForBench(): Promise<{ url: string; started?: StartedRedis; dir?: string }> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL };
  const dir = mkdtempSync(join(tmpdir(), 'bench-settle-redis-'));
  try {
    const started = await startLocalRedis(dir);
    return { url: started.url, started, dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    log(`no private redis-server (${(err as Error).message}); using redis://127.0.0.1:6379`);
    return { url: 'redis://127.0.0.1:6379' };
  }
}

type PhaseDeps = {
  name: string;
  /** Consecutive seconds the trades expire in, an equal share in each. */
  seconds: number;
  redis: Redis;
  db: Db;
  queue: ReturnType<typeof settlementQueue>;
  users: string[];
  setting: TradeSettingTerms;
  sockets: UserSockets;
  worker: WorkerProcess;
  prefix: string;
  /** CPU time (ms) so far of each process taking part. */
  cpu: () => CpuSample;
};

type PhaseResult = {
  name: string;
  /** settleExpiry jobs: processedOn (of the job's last run) - expiry. */
  jobs: Stats;
  /**
   * settleExpiry jobs that ran more than once: the price at expiry was not final (no archived
   * tick after it) when they first ran, so they moved themselves back to the delayed set, and
   * their processedOn is that of the run that settled.
   */
  rerun: number;
  /** The workers' batches (one transaction each): trades, and ms per batch. */
  batchSizes: Stats;
  batchMs: Stats;
  /** The first batches: when their events were out, ms after expiry (and ms publishing them). */
  commits: string;
  client: Stats;
  results: Map<string, number>;
  duplicates: number;
  /** Trades settled per second while a second's trades were being settled. */
  rate: number;
  /** A burst's CPU ms per process from the expiry to the last event, less its idle rate before. */
  cpu: CpuSample;
};

async function entryTicks(redis: Redis, prefix: string): Promise<Map<string, EntryTick>> {
  const entries = new Map<string, EntryTick>();
  for (const symbol of SYMBOLS) {
    const raw = await redis.get(prefix + marketKeys.price(symbol));
    if (!raw) throw new Error(`no ${symbol} price in Redis`);
    const tick = JSON.parse(raw) as Tick;
    entries.set(symbol, {
      symbol,
      priceE8: BigInt(tick.priceE8),
      aggTradeId: tick.aggTradeId,
      exchangeTs: new Date(tick.exchangeTs),
      source: tick.source,
    });
  }
  return entries;
}

/** Place TRADES trades (as the gateway would, jobs included) expiring in `seconds` consecutive seconds; measure. */
async function runPhase(d: PhaseDeps): Promise<PhaseResult> {
  // Entry prices as the gateway takes them: the latest tick in Redis.
  const entries = await entryTicks(d.redis, d.prefix);
  const perSecond = Math.ceil(TRADES / d.seconds);
  // Placement instants spread evenly over each second: a second's trades all expire at its x.999.
  const second = Math.ceil(Date.now() / 1000) * 1000;
  const trades: TradeRow[] = [];
  /** As a gateway remembers the jobs it added: each symbol and instant is added once. */
  const added = new Set<string>();
  const logsBefore = d.worker.logs.length;
  const started = Date.now();
  for (let chunk = 0; chunk < TRADES; chunk += 50) {
    const placed = await Promise.all(
      Array.from({ length: Math.min(50, TRADES - chunk) }, (_, k) => {
        const i = chunk + k;
        const symbol = SYMBOLS[i % SYMBOLS.length] ?? 'BTC';
        const entry = entries.get(symbol);
        if (!entry) throw new Error(`no entry tick for ${symbol}`);
        return place(d.db, {
          userId: d.users[i % d.users.length] ?? '',
          setting: d.setting,
          entry,
          direction: Math.floor(i / SYMBOLS.length) % 2 ? 'up' : 'down',
          now: second + Math.floor(i / perSecond) * 1000 + Math.floor(((i % perSecond) * 1000) / perSecond),
          // Placed ahead of time: the entry price is the one of the moment the phase began.
          maxTickAgeMs: (d.seconds + 5) * 1000,
        });
      }),
    );
    trades.push(...placed);
    const fresh = placed.filter((t) => {
      const id = settleExpiryJobId(t.symbol, t.expiresAt.getTime());
      if (added.has(id)) return false;
      added.add(id);
      return true;
    });
    if (fresh.length > 0) await addExpiryJobs(d.queue, fresh);
  }
  const expiries = new Map(trades.map((t) => [t.id, t.expiresAt.getTime()]));
  const first = Math.min(...expiries.values());
  const last = Math.max(...expiries.values());
  log(
    `${d.name}: placed and scheduled in ${Date.now() - started} ms; the first expire in ${first - Date.now()} ms`,
  );
  if (first - Date.now() < 500)
    log('  (placement took too long: raise DURATION_SECONDS for meaningful figures)');

  // Each process's CPU rate in the second before the first expiry (the feed, ingestion,
  // heartbeats), then its CPU from just before it to the last event, less that rate.
  await sleep(first - 1050 - Date.now());
  const idleFrom = { at: performance.now(), cpu: d.cpu() };
  await sleep(first - 50 - Date.now());
  const busyFrom = { at: performance.now(), cpu: d.cpu() };

  const mine = () => d.sockets.settled.filter((e) => expiries.has(e.payload.trade.id));
  await waitFor(
    'every trade:settled event',
    () => mine().length >= trades.length,
    last - Date.now() + 60_000,
    () => `${mine().length} events\n${d.worker.describe().slice(-3_000)}`,
  );
  const busyTo = { at: performance.now(), cpu: d.cpu() };
  // Only for a burst: over the spread phase's seconds, the background's own variation swamps
  // the difference.
  const idle = cpuSince(idleFrom.cpu, busyFrom.cpu);
  const cpu: CpuSample = {};
  for (const [name, used] of d.seconds === 1 ? Object.entries(cpuSince(busyFrom.cpu, busyTo.cpu)) : []) {
    const idleRate = (idle[name] ?? Number.NaN) / (busyFrom.at - idleFrom.at);
    cpu[name] = Math.max(0, used - idleRate * (busyTo.at - busyFrom.at));
  }
  await sleep(200);

  const events = mine();
  const client = events.map((e) => e.at - (expiries.get(e.payload.trade.id) ?? Number.NaN));
  const completed = (await d.queue.getJobs(['completed'], 0, -1)).filter(
    (j) => j.name === 'settleExpiry' && added.has(j.id ?? ''),
  );
  const jobs = completed.map(
    (j) => (j.processedOn ?? Number.NaN) - (j.data as { expiresAt: number }).expiresAt,
  );
  const batches = d.worker.logs
    .slice(logsBefore)
    .filter((l) => l.msg === 'expiry batch settled' && Number(l.settled) > 0);
  const results = new Map<string, number>();
  for (const e of events) results.set(e.payload.trade.status, (results.get(e.payload.trade.status) ?? 0) + 1);
  // Busy time: from each second's expiry to its last event, summed over the seconds.
  const lastEventBySecond = new Map<number, number>();
  for (const e of events) {
    const expiry = expiries.get(e.payload.trade.id) ?? 0;
    lastEventBySecond.set(expiry, Math.max(lastEventBySecond.get(expiry) ?? 0, e.at));
  }
  const busyMs = [...lastEventBySecond].reduce((sum, [expiry, at]) => sum + Math.max(1, at - expiry), 0);
  return {
    name: d.name,
    jobs: stats(jobs),
    rerun: completed.filter((j) => j.attemptsStarted > 1).length,
    batchSizes: stats(batches.map((l) => Number(l.settled))),
    batchMs: stats(batches.map((l) => Number(l.batchMs))),
    commits: batches
      .slice(0, 12)
      .map((l) => `${String(l.symbol)} ${String(l.lateMs)} (events ${String(l.notifyMs)})`)
      .join(', '),
    client: stats(client),
    results,
    duplicates: events.length - expiries.size,
    rate: (trades.length / busyMs) * 1000,
    cpu,
  };
}

export async function runSettlementBench() {
  const [load1] = loadavg();
  log(
    `settlement: ${TRADES} trades at one instant, then over ${SPREAD_SECONDS} s; ${USERS} users; ` +
      `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const redisService = await redisForBench();
  const redis = new Redis(redisService.url);
  const [, hz] = (await redis.config('GET', 'hz')) as [string, string];
  log(`redis ${redisService.url} (hz ${hz}${redisService.started ? ', private' : ''})`);
  const database = await createTestDatabase(ADMIN_URL);
  const client = createDb(database.url, { max: 20 });
  const prefix = `bench:settle:${Math.random().toString(36).slice(2, 8)}:`;
  const fake = await startFakeBinance({
    symbols: SYMBOLS.map((s) => `${s}USDT`),
    prices: { BTCUSDT: 95_000, ETHUSDT: 3_500 },
    generate: { tradeEveryMs: TRADE_EVERY_MS, depthEveryMs: 1_000, tickerEveryMs: 1_000 },
  });
  let worker: WorkerProcess | undefined;
  let gateway: ReturnType<typeof startGateway> | undefined;
  let sockets: UserSockets | undefined;
  const queue = settlementQueue(redis, prefix);
  try {
    const users = await Promise.all(Array.from({ length: USERS }, () => createUser(client.db)));
    await Promise.all(users.map((u) => giveMoney(client.db, u, 100_000_000n)));
    const setting = await createSetting(client.db, DURATION_SECONDS, 40);
    const secret = randomBytes(32).toString('hex');
    const port = await freePort();
    gateway = startGateway(
      {
        DATABASE_URL: database.url,
        REDIS_URL: redisService.url,
        REDIS_PREFIX: prefix,
        JWT_SECRET: secret,
        port,
      },
      EXTRA_GATEWAY_ARGS,
      // Every user's socket connects from 127.0.0.1.
      { SOCKET_MAX_CONNECTIONS_PER_IP: String(USERS + 100) },
    );
    await waitForHealth(`http://127.0.0.1:${port}`, 30_000);
    sockets = await gatewaySockets(`http://127.0.0.1:${port}`, secret, users);

    worker = startWorkerProcess(
      {
        REDIS_URL: redisService.url,
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'info',
        BINANCE_WS_URL: fake.wsUrl,
        BINANCE_REST_URL: fake.restUrl,
        MARKET_SYMBOLS: SYMBOLS.join(','),
        ...(CONCURRENCY ? { SETTLEMENT_CONCURRENCY: CONCURRENCY } : {}),
        ...(BATCH ? { SETTLEMENT_EXPIRY_BATCH: BATCH } : {}),
      },
      // As `pnpm start` runs it: the bundle `pnpm bench` built.
      { command: serverCommand('workers', EXTRA_WORKERS_ARGS) },
    );
    const proc = worker;
    await waitFor(
      'the workers process',
      () => proc.logs.some((l) => l.msg === 'workers ready'),
      30_000,
      proc.describe,
    );
    const concurrency = proc.logs.find((l) => l.msg === 'settlement ready')?.concurrency;
    await waitFor(
      'the live feed',
      async () => {
        const raw = await redis.get(prefix + marketKeys.feed());
        return raw !== null && (JSON.parse(raw) as FeedStatus).state === 'live';
      },
      30_000,
      proc.describe,
    );
    log(`workers process ready (settlement concurrency ${String(concurrency)}), feed live`);

    const timers = await timerLateness();
    const phase = (name: string, seconds: number) =>
      runPhase({
        name,
        seconds,
        redis,
        db: client.db,
        queue,
        users,
        setting,
        sockets: relay,
        worker: proc,
        prefix,
        cpu: cpuSampler(database.name, {
          workers: proc.child.pid ? [proc.child.pid] : [],
          gateway: gatewayPid ? [gatewayPid] : [],
          redis: redisService.started?.child.pid ? [redisService.started.child.pid] : [],
          'this process (clients, feed)': [process.pid],
        }),
      });
    const relay = sockets;
    const gatewayPid = gateway.pid;
    for (let i = 1; i <= WARMUP_BURSTS; i++) {
      const warm = await phase(`warm-up burst ${i} of ${WARMUP_BURSTS} (${TRADES} trades, not counted)`, 1);
      log(`${warm.name}: expiry -> client p99 ${fmt(warm.client.p99)}; CPU ${cpuList(warm.cpu)}`);
    }
    const bursts: PhaseResult[] = [];
    for (let i = 1; i <= BURSTS; i++) {
      bursts.push(
        await phase(
          `${TRADES} trades expiring at one instant${BURSTS > 1 ? ` (burst ${i} of ${BURSTS})` : ''}`,
          1,
        ),
      );
    }
    const spread = await phase(
      `${TRADES} trades, ${TRADES / SPREAD_SECONDS} expiring at each of ${SPREAD_SECONDS} seconds`,
      SPREAD_SECONDS,
    );

    const t = stats(timers);
    const header = 'measure'.padEnd(58) + ['n', 'min', 'p50', 'p99', 'max'].map((h) => h.padEnd(12)).join('');
    console.log(`\n${header}`);
    console.log(row(`setTimeout lateness (${TIMERS} timers due at one instant)`, t));
    for (const p of [...bursts, spread]) {
      console.log(`${p.name}:`);
      console.log(row('  settleExpiry job lateness (processedOn - expiry)', p.jobs));
      if (p.rerun > 0)
        console.log(
          `  of which ran again, waiting for the price at expiry (processedOn of the last run): ${p.rerun}`,
        );
      console.log(row('  trades per batch (one transaction each)', p.batchSizes, ''));
      console.log(row('  batch duration (settle_expiry call)', p.batchMs));
      console.log(row('  expiry -> trade:settled at the client', p.client));
      console.log(`  batch events out, ms after expiry: ${p.commits}${p.batchSizes.n > 12 ? ', ...' : ''}`);
      const total = Object.values(p.cpu).reduce((a, b) => a + b, 0);
      if (total > 0)
        console.log(
          `  CPU from expiry to the last event, less each process's idle rate: ${cpuList(p.cpu)}; total ${fmt(total)}`,
        );
    }
    for (const p of [...bursts, spread]) {
      console.log(
        `\n${p.name}: ${[...p.results].map(([k, v]) => `${k} ${v}`).join(', ')}; duplicate events ${p.duplicates}; ` +
          `settlement rate ${p.rate.toFixed(0)} trades/s`,
      );
      console.log(
        `  target job p99 within +20 ms of setTimeout p99: ${p.jobs.p99 <= t.p99 + 20 ? 'met' : 'NOT met'} ` +
          `(${fmt(p.jobs.p99)} vs ${fmt(t.p99)}); target expiry -> client p99 <= 150 ms: ` +
          `${p.client.p99 <= 150 ? 'met' : 'NOT met'} (${fmt(p.client.p99)})`,
      );
    }
    const met = bursts.filter((b) => b.client.p99 <= 150).length;
    console.log(
      `\nbursts with expiry -> client p99 <= 150 ms: ${met} of ${bursts.length} ` +
        `(p99 ${bursts.map((b) => fmt(b.client.p99)).join(', ')})`,
    );
  } finally {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await Promise.race([worker.exited, sleep(10_000)]);
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
    await queue.close();
    await sockets?.close();
    if (gateway) await stopChild(gateway);
    await fake.close();
    await deleteRedisPrefix(redisService.url, prefix).catch(() => 0);
    redis.disconnect();
    await client.close();
    await database.drop();
    redisService.started?.stop();
    await redisService.started?.exited;
    if (redisService.dir) rmSync(redisService.dir, { recursive: true, force: true });
  }
}
