/**
 * Placement benchmark (`pnpm bench placement`): how many trades per second the gateway places
 * through HTTP, and how fast, next to what Postgres itself does on this machine.
 *
 * In one run, on a fresh database and a Redis prefix of its own:
 *   1. pgbench: `pgbench -i` and `pgbench -b tpcb-like -c 8 -j 2 -T 15` on a scratch database;
 *      its TPS is the yardstick (both are "a few writes in one transaction").
 *   2. saturation: BENCH_PLACE_USERS users, each placing trade after trade (closed loop) through
 *      `POST /api/trades` on a real gateway process for BENCH_PLACE_SECONDS: trades/s, p50/p99.
 *   3. half load, BENCH_PLACE_HALF_ROUNDS times: arrivals at half the trades/s of (2), evenly
 *      spaced (open loop), for the same time: p50/p99, latency counted from the moment each request was due.
 * A fresh tick is kept in Redis throughout. Settlement jobs pile up under the run's own
 * prefix (no worker consumes them) and are deleted with it afterwards. The load comes from this
 * process, on the same cores. Targets: trades/s >= 50 % of pgbench's TPS; p99 <= 25 ms at half
 * load. A measurement, never a test.
 *
 * Settings (environment): BENCH_PLACE_USERS (64), BENCH_PLACE_SECONDS (15), BENCH_PLACE_HALF_ROUNDS (3),
 * BENCH_PLACE_WARMUP_SECONDS (3), BENCH_PGBENCH (pgbench on the PATH), BENCH_PGBENCH_SECONDS (15),
 * BENCH_PGBENCH_SCALE (1), BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_GATEWAY_NODE_ARGS (extra
 * node arguments for the gateway process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  acceptDisclosure,
  checkLedgerInvariants,
  createDb,
  type Db,
  post,
  seed,
  tradeSettings,
} from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { marketKeys, type Tick } from '@app/shared';
import { Redis } from 'ioredis';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import {
  type BenchUser,
  benchUsers,
  type CpuSample,
  cpuSampler,
  cpuSince,
  ms,
  nodeArgsFromEnv,
  percentile,
  processesNamed,
  startGateway,
  stopChild,
  waitForHealth,
} from './common.ts';

const USERS = Number(process.env.BENCH_PLACE_USERS ?? 64);
const SECONDS = Number(process.env.BENCH_PLACE_SECONDS ?? 15);
const WARMUP = Number(process.env.BENCH_PLACE_WARMUP_SECONDS ?? 3);
/** Half-load rounds one after the other: one round's p99 varies a lot on a shared machine. */
const HALF_ROUNDS = Number(process.env.BENCH_PLACE_HALF_ROUNDS ?? 3);
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 15);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 1);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EXTRA_GATEWAY_ARGS = nodeArgsFromEnv('BENCH_GATEWAY_NODE_ARGS');
const SYMBOL = 'BTC';
/** Each user's real balance: enough that no stake is ever refused. */
const FUNDS_PAISE = 10_000_000_000n;

const log = (text: string) => console.log(`[bench] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Run = {
  name: string;
  seconds: number;
  ok: number;
  failed: number;
  latencies: Float64Array;
  /** CPU ms of each process over the measured seconds. */
  cpu: CpuSample;
};

/** Each process's CPU over `seconds`, from `warmup` seconds from now. */
async function measuredCpu(sample: () => CpuSample, warmup: number, seconds: number): Promise<CpuSample> {
  await sleep(warmup * 1000);
  const from = sample();
  await sleep(seconds * 1000);
  return cpuSince(from, sample());
}

// ---- pgbench -------------------------------------------------------------------------------

/** pgbench's TPS on a scratch database of the same server, with the brief's settings. */
async function runPgbench(): Promise<number> {
  const name = `bench_pgbench_${randomBytes(3).toString('hex')}`;
  const admin = createDb(ADMIN_URL, { max: 1, applicationName: 'bench' });
  await admin.sql.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  const env = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: name,
  };
  try {
    const init = spawnSync(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE)], { env, encoding: 'utf8' });
    if (init.error) throw new Error(`${PGBENCH} could not start (${init.error.message}); set BENCH_PGBENCH`);
    if (init.status !== 0) throw new Error(`pgbench -i failed:\n${init.stderr}`);
    const args = ['-b', 'tpcb-like', '-c', '8', '-j', '2', '-T', String(PGBENCH_SECONDS)];
    log(`pgbench ${args.join(' ')} (scale ${PGBENCH_SCALE}) on ${name}`);
    const run = spawnSync(PGBENCH, args, { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pgbench failed:\n${run.stderr}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    if (!tps) throw new Error(`no TPS in pgbench's output:\n${run.stdout}`);
    return Number(tps);
  } finally {
    await admin.sql.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.close();
  }
}

// ---- the gateway and its data --------------------------------------------------------------

type Trader = BenchUser;

async function createTraders(db: Db, secret: string): Promise<Trader[]> {
  const traders = await benchUsers(db, secret, USERS);
  for (const row of traders) {
    // Real-money placement needs the risk disclosure accepted.
    await acceptDisclosure(db, row.id);
    await db.transaction((tx) =>
      post(tx, {
        type: 'admin_adjustment',
        userId: row.id,
        account: 'real',
        amount: FUNDS_PAISE,
        counterparty: 'adjustments',
        remarks: 'bench funds',
      }),
    );
  }
  return traders;
}

/** Keep the latest BTC tick fresh, as the ingestion worker would. */
function keepTickFresh(redis: Redis): () => void {
  let aggTradeId = 1;
  const write = () => {
    const now = Date.now();
    const price = 65_000 + Math.round(Math.sin(aggTradeId / 20) * 5000) / 100;
    const tick: Tick = {
      symbol: SYMBOL,
      price,
      priceE8: String(Math.round(price * 1e8)),
      aggTradeId: aggTradeId++,
      exchangeTs: now - 2,
      receivedAt: now,
      source: 'binance',
    };
    redis.set(marketKeys.price(SYMBOL), JSON.stringify(tick)).catch(() => {});
  };
  write();
  const timer = setInterval(write, 200);
  return () => clearInterval(timer);
}

// ---- load ----------------------------------------------------------------------------------

type Placer = () => Promise<number>;

/** One placement over a kept-alive connection; resolves with the status code. */
function placer(url: string, traders: Trader[], settingId: number, agent: http.Agent): (i: number) => Placer {
  const { hostname, port } = new URL(url);
  return (i) => {
    const trader = traders[i % traders.length];
    if (!trader) throw new Error('no trader');
    return () =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({
          amount: 10,
          settingId,
          symbol: SYMBOL,
          direction: i % 2 ? 'up' : 'down',
          account: 'real',
        });
        const req = http.request(
          {
            host: hostname,
            port,
            path: '/api/trades',
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${trader.token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'idempotency-key': randomBytes(12).toString('hex'),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
  };
}

/** Every user places trade after trade for `seconds` (after a warm-up that is not counted). */
async function closedLoop(
  make: (i: number) => Placer,
  seconds: number,
  warmup: number,
  sample: () => CpuSample,
): Promise<Run> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const measureFrom = start + warmup * 1000;
  const end = measureFrom + seconds * 1000;
  const cpu = measuredCpu(sample, warmup, seconds);
  await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const place = make(i);
      while (performance.now() < end) {
        const sent = performance.now();
        const status = await place().catch(() => 0);
        const done = performance.now();
        if (sent < measureFrom || done > end) continue;
        if (status === 201) {
          ok++;
          latencies.push(done - sent);
        } else failed++;
      }
    }),
  );
  return {
    name: `saturation, ${USERS} users`,
    seconds,
    ok,
    failed,
    latencies: sorted(latencies),
    cpu: await cpu,
  };
}

/** Requests at `rate`/s, evenly spaced; latency from when each was due (no coordinated omission). */
async function openLoop(
  make: (i: number) => Placer,
  rate: number,
  seconds: number,
  warmup: number,
  sample: () => CpuSample,
): Promise<Run> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const cpu = measuredCpu(sample, warmup, seconds);
  const total = Math.round(rate * (seconds + warmup));
  const warmupCount = Math.round(rate * warmup);
  const periodMs = 1000 / rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * periodMs <= now) {
      const due = start + sent * periodMs;
      const counted = sent >= warmupCount;
      const place = make(sent);
      sent++;
      pending.push(
        place()
          .catch(() => 0)
          .then((status) => {
            if (!counted) return;
            if (status === 201) {
              ok++;
              latencies.push(performance.now() - due);
            } else failed++;
          }),
      );
    }
    await sleep(Math.max(0, Math.min(5, start + sent * periodMs - performance.now())));
  }
  await Promise.all(pending);
  return {
    name: `half load, ${rate.toFixed(0)}/s`,
    seconds,
    ok,
    failed,
    latencies: sorted(latencies),
    cpu: await cpu,
  };
}

const sorted = (values: number[]) => Float64Array.from(values).sort();

function describeRun(r: Run): string {
  return (
    `${r.name}: ${r.ok} trades in ${r.seconds} s = ${(r.ok / r.seconds).toFixed(1)} trades/s, ` +
    `p50 ${ms(percentile(r.latencies, 50))}, p99 ${ms(percentile(r.latencies, 99))}, ` +
    `max ${ms(r.latencies.at(-1) ?? Number.NaN)}, failed ${r.failed}`
  );
}

/** CPU per trade of each process, and how busy the machine's cores were. */
function describeCpu(r: Run): string {
  const total = Object.values(r.cpu).reduce((a, b) => a + b, 0);
  const perTrade = (v: number) => `${((v / r.ok) * 1000).toFixed(0)} µs`;
  return (
    `  CPU per trade: ${Object.entries(r.cpu)
      .map(([name, v]) => `${name} ${perTrade(v)}`)
      .join(', ')}; total ${perTrade(total)}, ` +
    `${((total / (r.seconds * 1000 * availableParallelism())) * 100).toFixed(0)} % of ${availableParallelism()} cores`
  );
}

// ---- the run -------------------------------------------------------------------------------

export async function runPlacementBench() {
  const [load1] = loadavg();
  log(
    `placement: ${USERS} users, ${SECONDS} s measured (+${WARMUP} s warm-up) per run, ` +
      `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );

  const pgbenchTps = await runPgbench();
  log(`pgbench tpcb-like: ${pgbenchTps.toFixed(1)} TPS`);

  const database = await createTestDatabase(ADMIN_URL);
  const prefix = `bench:place:${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');
  const { db, close } = createDb(database.url);
  const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
  let gateway: ChildProcess | undefined;
  let stopTicks = () => {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  try {
    await seed(db, {});
    const [setting] = await db.select().from(tradeSettings).orderBy(tradeSettings.time).limit(1);
    if (!setting) throw new Error('the seed made no trade setting');
    const traders = await createTraders(db, secret);
    stopTicks = keepTickFresh(redis);

    const port = await freePort();
    gateway = startGateway(
      { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix, JWT_SECRET: secret, port },
      EXTRA_GATEWAY_ARGS,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 30_000);
    const make = placer(url, traders, setting.id, agent);
    const sample = cpuSampler(database.name, {
      gateway: gateway.pid ? [gateway.pid] : [],
      redis: processesNamed('redis-server'),
      'this process (load)': [process.pid],
    });

    log(`saturation: ${USERS} users placing trades back to back`);
    const full = await closedLoop(make, SECONDS, WARMUP, sample);
    log(describeRun(full));
    const rate = full.ok / full.seconds;

    const halves: Run[] = [];
    for (let round = 1; round <= HALF_ROUNDS; round++) {
      log(`half load: ${(rate / 2).toFixed(1)} trades/s evenly spaced (round ${round} of ${HALF_ROUNDS})`);
      const half = await openLoop(make, rate / 2, SECONDS, WARMUP, sample);
      log(describeRun(half));
      halves.push(half);
    }

    const violations = await checkLedgerInvariants(db);
    const ratio = rate / pgbenchTps;
    console.log(`\nplacement  ${describeRun(full)}`);
    console.log(describeCpu(full));
    for (const half of halves) {
      console.log(`placement  ${describeRun(half)}`);
      console.log(describeCpu(half));
    }
    console.log(
      `pgbench    tpcb-like -c 8 -j 2 -T ${PGBENCH_SECONDS} (scale ${PGBENCH_SCALE}): ${pgbenchTps.toFixed(1)} TPS`,
    );
    console.log(`ratio placement trades/s / pgbench TPS: ${(ratio * 100).toFixed(1)} %`);
    console.log(`target (>= 50 % of pgbench TPS): ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
    const p99s = halves.map((h) => percentile(h.latencies, 99));
    console.log(
      `target (p99 <= 25 ms at half load): met in ${p99s.filter((p) => p <= 25).length} of ${p99s.length} ` +
        `rounds (p99 ${p99s.map(ms).join(', ')})`,
    );
    console.log(
      `ledger invariants after the run: ${violations.length === 0 ? 'sound' : `${violations.length} violations`}`,
    );
  } finally {
    stopTicks();
    agent.destroy();
    if (gateway) await stopChild(gateway);
    redis.disconnect();
    await close();
    await database.drop();
    const deleted = await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
    log(`removed ${deleted} Redis keys of the run (settlement jobs, ticks)`);
  }
}
