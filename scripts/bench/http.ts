/**
 * HTTP read benchmark (`pnpm bench http`): requests per second of the public reads and the
 * signed-in user's `/api/auth/me`, against the gateway's own 404 and a bare `node:http` hello,
 * on the same machine in the same run.
 *
 * Three kinds of process: one gateway, started as `pnpm start` starts it (its bundle through
 * `serverCommand`, the launcher's settings, LOG_LEVEL and LOG_FORMAT left at their defaults),
 * its output to a file as `pnpm start > file` would send it (no terminal: JSON lines, one per
 * request); a `node:http` server answering "hello"; and autocannon, the load generator, run
 * afresh for each measurement. A fresh database, seeded as `pnpm start` seeds one, with a
 * user per connection whose tokens the benchmark signs (each connection of `/api/auth/me` is
 * one user: a server that shared work between requests of one user would otherwise be
 * flattered); every enabled coin gets a tick and 24 h stats, written to Redis and published
 * as the feed publishes them, once a second.
 *
 * Rounds are interleaved: each round measures every target once, in order, after one warm-up
 * round that is not counted; the figure of a target is the median of its rounds.
 * Targets: /api/site, /api/market and /api/trade-setting at 80 % or more of the 404,
 * /api/auth/me at 50 % or more, the 404 at 50 % or more of node:http. A measurement, never a test.
 *
 * Settings (environment): BENCH_HTTP_ROUNDS (5), BENCH_HTTP_SECONDS (5), BENCH_HTTP_CONNECTIONS
 * (50), BENCH_HTTP_ONLY (a comma list of parts of target names: only those), BENCH_HTTP_NODE_ARGS
 * (extra node arguments of the gateway, e.g. `--cpu-prof`), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coins, createDb, seed } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { marketKeys, rooms, type Stats24h, type Tick } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { serverCommand } from '../lib/servers.ts';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import { benchUsers, cpuSampler, cpuSince, nodeArgsFromEnv, stopChild, waitForHealth } from './common.ts';

const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

const log = (text: string) => console.log(`[bench] ${text}`);

/**
 * `headers`: each connection sends one of these sets, in turn (a signed-in target has one
 * user per set, so the gateway sees as many users as connections, not one).
 */
type Target = { name: string; url: string; status: number; headers?: Record<string, string>[] };

/** The node:http reference: the least a Node server can do per request. */
const HELLO_SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello');
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening'));
`;

function startHello(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', HELLO_SERVER, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
}

type Result = { rps: number; requests: number; statuses: string };

/**
 * autocannon through its API (the command line gives every connection the same headers):
 * argv[1] the options as JSON, argv[2] the header sets, one per connection in turn.
 */
const LOAD_RUNNER = `
const autocannon = require(process.argv[1]);
const opts = JSON.parse(process.argv[2]);
const sets = JSON.parse(process.argv[3]);
let next = 0;
autocannon(
  { ...opts, setupClient: (client) => { if (sets.length) client.setHeaders(sets[next++ % sets.length]); } },
  (err, result) => {
    if (err) { console.error(err); process.exit(1); }
    process.stdout.write(JSON.stringify(result));
  },
);
`;

/** One autocannon run in its own process; its JSON summary. */
function measure(target: Target, seconds: number): Promise<Result> {
  const opts = { url: target.url, connections: CONNECTIONS, duration: seconds };
  const args = ['-e', LOAD_RUNNER, AUTOCANNON, JSON.stringify(opts), JSON.stringify(target.headers ?? [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as {
        requests: { average: number; total: number };
        statusCodeStats?: Record<string, { count: number }>;
        errors: number;
        timeouts: number;
      };
      const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count}`);
      if (r.errors || r.timeouts) codes.push(`errors: ${r.errors}, timeouts: ${r.timeouts}`);
      const wrong = Object.keys(r.statusCodeStats ?? {}).some((code) => Number(code) !== target.status);
      if (wrong || r.errors) log(`  ${target.name}: unexpected answers ${codes.join(', ')}`);
      resolve({ rps: r.requests.average, requests: r.requests.total, statuses: codes.join(', ') });
    });
  });
}

/** A tick and 24 h stats for each coin, in Redis and through the feed's emitter, as the feed writes them. */
function startFeed(redis: Redis, prefix: string, symbols: string[]): () => void {
  const emitter = new Emitter(redis, { key: `${prefix}socket.io` });
  let n = 0;
  const publish = () => {
    n++;
    const now = Date.now();
    symbols.forEach((symbol, i) => {
      const price = 100 * (i + 1) + (n % 10) / 10;
      const tick: Tick = {
        symbol,
        price,
        priceE8: String(Math.round(price * 1e8)),
        aggTradeId: n,
        exchangeTs: now,
        receivedAt: now,
        source: 'binance',
      };
      const stats: Stats24h = {
        symbol,
        open: price,
        high: price,
        low: price,
        last: price,
        priceChange: 0,
        priceChangePercent: 0,
        volume: 1,
        quoteVolume: price,
        ts: now,
      };
      void redis.set(`${prefix}${marketKeys.price(symbol)}`, JSON.stringify(tick));
      void redis.set(`${prefix}${marketKeys.stats(symbol)}`, JSON.stringify(stats));
      emitter.to(rooms.market(symbol)).emit('market:tick', tick);
      emitter.to(rooms.market(symbol)).emit('market:stats', stats);
    });
  };
  publish();
  const timer = setInterval(publish, 1000);
  return () => clearInterval(timer);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const num = (v: number) => Math.round(v).toLocaleString('en-US');

export async function runHttpBench() {
  const [load1] = loadavg();
  log(
    `http: ${ROUNDS} rounds of ${SECONDS} s per target (+1 warm-up round), ${CONNECTIONS} connections, ` +
      `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const database = await createTestDatabase(ADMIN_URL);
  const { db, close } = createDb(database.url);
  const prefix = `bench:http:${randomBytes(4).toString('hex')}:`;
  const secret = randomBytes(32).toString('hex');
  const redis = new Redis(REDIS_URL);
  const logDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  const logFile = join(logDir, 'gateway.log');
  const children: ChildProcess[] = [];
  let stopFeed = () => {};
  try {
    await seed(db, {});
    // One user per connection, as many people signed in would be.
    const readers = await benchUsers(db, secret, CONNECTIONS);
    const symbols = (await db.select({ symbol: coins.symbol, enabled: coins.enabled }).from(coins))
      .filter((c) => c.enabled)
      .map((c) => c.symbol);

    const [gatewayPort, helloPort] = [await freePort(), await freePort()];
    // What scripts/start.ts gives the gateway, with its defaults.
    const out = openSync(logFile, 'a');
    const gateway = spawn(
      process.execPath,
      serverCommand('gateway', nodeArgsFromEnv('BENCH_HTTP_NODE_ARGS')),
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          JWT_SECRET: secret,
          LOG_LEVEL: 'info',
          PORT: String(gatewayPort),
          HOST: '127.0.0.1',
          WEB_DIST: join(ROOT, 'web', 'dist'),
          VOUCHER_DIR: join(logDir, 'vouchers'),
        },
        stdio: ['ignore', out, out],
      },
    );
    closeSync(out);
    children.push(gateway);
    children.push(await startHello(helloPort));
    const url = `http://127.0.0.1:${gatewayPort}`;
    await waitForHealth(url, 30_000);
    stopFeed = startFeed(redis, prefix, symbols);

    const targets: Target[] = [
      { name: 'node:http hello', url: `http://127.0.0.1:${helloPort}/`, status: 200 },
      { name: 'GET /api/nope (404)', url: `${url}/api/nope`, status: 404 },
      { name: 'GET /api/site', url: `${url}/api/site`, status: 200 },
      { name: 'GET /api/market', url: `${url}/api/market`, status: 200 },
      { name: 'GET /api/trade-setting', url: `${url}/api/trade-setting`, status: 200 },
      {
        name: 'GET /api/auth/me',
        url: `${url}/api/auth/me`,
        status: 200,
        headers: readers.map((r) => ({ authorization: `Bearer ${r.token}` })),
      },
    ];
    const only = (process.env.BENCH_HTTP_ONLY ?? '').split(',').filter(Boolean);
    if (only.length)
      targets.splice(0, targets.length, ...targets.filter((t) => only.some((o) => t.name.includes(o))));
    const figures = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    // CPU time of the server per request: what a busy machine's req/s cannot hide.
    const cpuPerRequest = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    // PostgreSQL's part of it (the gateway's backends): where a request that reads a row spends.
    const postgresPerRequest = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    const sample = cpuSampler(database.name, {
      server: [gateway.pid ?? 0],
      hello: [children[1]?.pid ?? 0],
    });
    for (let round = 0; round <= ROUNDS; round++) {
      const counted = round > 0;
      const line: string[] = [];
      for (const target of targets) {
        const before = sample();
        const r = await measure(target, counted ? SECONDS : 2);
        const used = cpuSince(before, sample());
        const serverMs = (used.server ?? 0) + (used.hello ?? 0) + (used.postgres ?? 0);
        if (counted) {
          figures.get(target.name)?.push(r.rps);
          cpuPerRequest.get(target.name)?.push((serverMs * 1000) / Math.max(1, r.requests));
          postgresPerRequest.get(target.name)?.push(((used.postgres ?? 0) * 1000) / Math.max(1, r.requests));
        }
        line.push(`${target.name.replace('GET ', '')} ${num(r.rps)}`);
      }
      log(`${counted ? `round ${round}` : 'warm-up'}: ${line.join(', ')}`);
    }

    const rps = (name: string) => median(figures.get(name) ?? []);
    const notFound = rps('GET /api/nope (404)');
    const hello = rps('node:http hello');
    const goal: Record<string, number> = {
      'GET /api/site': 0.8,
      'GET /api/market': 0.8,
      'GET /api/trade-setting': 0.8,
      'GET /api/auth/me': 0.5,
    };
    console.log('');
    console.log('| target | req/s (median) | rounds | ratio | target | server CPU per request (median) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const t of targets) {
      const v = rps(t.name);
      const all = (figures.get(t.name) ?? []).map(num).join(', ');
      let ratio = '';
      let target = '';
      if (t.name === 'GET /api/nope (404)') {
        ratio = `${pct(v / hello)} of node:http`;
        target = `≥ 50 %: ${v / hello >= 0.5 ? 'met' : 'NOT met'}`;
      } else if (goal[t.name] !== undefined) {
        const g = goal[t.name] ?? 0;
        ratio = `${pct(v / notFound)} of the 404`;
        target = `≥ ${g * 100} %: ${v / notFound >= g ? 'met' : 'NOT met'}`;
      }
      const cpu = median(cpuPerRequest.get(t.name) ?? []);
      const postgres = median(postgresPerRequest.get(t.name) ?? []);
      const part = postgres >= 0.05 ? ` (PostgreSQL ${postgres.toFixed(1)} µs)` : '';
      console.log(`| ${t.name} | ${num(v)} | ${all} | ${ratio} | ${target} | ${cpu.toFixed(1)} µs${part} |`);
    }
    const [after] = loadavg();
    log(
      `load average after the run ${after?.toFixed(2)}; gateway log ${logFile} (${statSync(logFile).size} bytes)`,
    );
  } finally {
    stopFeed();
    for (const child of children) await stopChild(child);
    redis.disconnect();
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
    await close();
    await database.drop();
  }
}
