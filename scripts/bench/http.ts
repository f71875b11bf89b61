/**
 * HTTP read benchmark (`pnpm bench http`): requests per second of the public reads and the
 * signed-in user's `/api/auth/me` through the platform's public port, beside the same reads
 * from one of its gateways reached directly, the gateway's own 404 and a bare `node:http` hello,
 * on the same machine in the same run.
 *
 * The platform runs as `pnpm start` runs it (platform.ts): scripts/start.ts with its default
 * front and gateway count (one per core but one), LOG_LEVEL at its default, its output to a file as
 * `pnpm start > file` would send it (JSON lines, one per request). Its workers run their own
 * market feed (simulated: this machine does not reach the exchange), which keeps the prices
 * /api/market reads. A fresh database, seeded by the launcher, with a user per connection whose
 * tokens the benchmark signs (each connection of `/api/auth/me` is one user: a server that
 * shared work between requests of one user would otherwise be flattered).
 *
 * Each read is measured three ways:
 *   - through PORT with autocannon, whose connections all come from 127.0.0.1: the front keeps
 *     one address on one gateway, so this is one gateway behind the front;
 *   - one gateway directly (the launcher's first, at its own loopback port), autocannon too:
 *     PORT / direct is what the front costs;
 *   - through PORT from BENCH_HTTP_ADDRESSES loopback addresses (127.0.0.2 upwards: the whole
 *     127/8 is this machine), so that the front spreads the load over every gateway: the total
 *     over all of them. autocannon cannot bind a local address, so this one uses the fronts
 *     benchmark's load loop (fronts/load.ts: keep-alive connections, one request in flight
 *     each, as autocannon sends them); it sends no headers of a connection's own, so
 *     /api/auth/me is not measured this way.
 * Rounds are interleaved: each round measures every target every way once, in order, after one
 * warm-up round that is not counted; the figure of a target is the median of its rounds, a ratio
 * the median of the rounds' ratios (the two figures of a round are measured seconds apart).
 * Targets: through PORT at least 90 % of one gateway reached directly; the 404 at 50 % or more
 * of node:http; /api/site, /api/market and /api/trade-setting at 80 % or more of the 404,
 * /api/auth/me at 50 % or more (all through PORT). A measurement, never a test.
 *
 * Settings (environment): BENCH_HTTP_ROUNDS (5), BENCH_HTTP_SECONDS (5), BENCH_HTTP_CONNECTIONS
 * (50), BENCH_HTTP_ADDRESSES (as many as connections), BENCH_HTTP_ONLY (a comma list of parts of
 * target names: only those), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb } from '@app/db';
import { DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { benchUsers, cpuSampler, cpuSince, stopChild } from './common.ts';
import type { LoadResult } from './fronts/load.ts';
import { startBenchPlatform } from './platform.ts';

const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const ADDRESSES = Number(process.env.BENCH_HTTP_ADDRESSES ?? CONNECTIONS);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const LOAD_LOOP = fileURLToPath(new URL('./fronts/load.ts', import.meta.url));

const log = (text: string) => console.log(`[bench] ${text}`);

/**
 * `headers`: each connection sends one of these sets, in turn (a signed-in target has one
 * user per set, so the gateway sees as many users as connections, not one).
 */
type Target = { name: string; path: string; status: number; headers?: Record<string, string>[] };

/** How a target is reached: see the comment at the top. */
type Way = 'port' | 'direct' | 'spread';
const WAYS: Way[] = ['port', 'direct', 'spread'];

/** The node:http reference, on a port of its choosing (it prints it): the least a Node server can do per request. */
const HELLO_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello');
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

function startHello(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', HELLO_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      resolve({ child, url: `http://127.0.0.1:${String(chunk).trim()}/` }),
    );
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
}

type Result = { rps: number; requests: number; statuses: string };

/**
 * autocannon through its API (the command line gives every connection the same headers):
 * argv[1] its path, argv[2] the options as JSON, argv[3] the header sets, one per connection in turn.
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

/** autocannon's summary, the part read here. */
type Summary = {
  requests: { average: number; total: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
};

/**
 * One load run in its own process; its summary. With `addresses`, the fronts benchmark's load
 * loop (scripts/bench/fronts/load.ts), whose connections bind them in turn; else autocannon.
 */
function measure(
  name: string,
  url: string,
  target: Pick<Target, 'status' | 'headers'>,
  seconds: number,
  addresses?: string[],
): Promise<Result> {
  const args = addresses
    ? ['--import', TSX, LOAD_LOOP, JSON.stringify({ url, connections: CONNECTIONS, seconds, addresses })]
    : [
        '-e',
        LOAD_RUNNER,
        AUTOCANNON,
        JSON.stringify({ url, connections: CONNECTIONS, duration: seconds }),
        JSON.stringify(target.headers ?? []),
      ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited ${code}`));
      let r: Summary;
      if (addresses) {
        const loop = JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as LoadResult;
        r = {
          requests: { average: loop.rps, total: loop.requests },
          statusCodeStats: Object.fromEntries(
            Object.entries(loop.statuses).map(([c, count]) => [c, { count }]),
          ),
          errors: loop.errors,
          timeouts: 0,
        };
      } else r = JSON.parse(out) as Summary;
      const codes = Object.entries(r.statusCodeStats ?? {}).map(([c, s]) => `${c}: ${s.count}`);
      if (r.errors || r.timeouts) codes.push(`errors: ${r.errors}, timeouts: ${r.timeouts}`);
      const wrong = Object.keys(r.statusCodeStats ?? {}).some((c) => Number(c) !== target.status);
      if (wrong || r.errors) log(`  ${name}: unexpected answers ${codes.join(', ')}`);
      resolve({ rps: r.requests.average, requests: r.requests.total, statuses: codes.join(', ') });
    });
  });
}

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : '-');
const num = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
const met = (ratio: number, goal: number) => `≥ ${goal * 100} %: ${ratio >= goal ? 'met' : 'NOT met'}`;

export async function runHttpBench() {
  const [load1] = loadavg();
  log(
    `http: ${ROUNDS} rounds of ${SECONDS} s per target and way (+1 warm-up round), ${CONNECTIONS} connections, ` +
      `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const hello = await startHello();
  let platform: Awaited<ReturnType<typeof startBenchPlatform>> | undefined;
  try {
    log('starting the platform as pnpm start does…');
    // Simulated prices: the exchange is out of reach here, and the launcher's default source
    // would wait for it before falling back to them.
    platform = await startBenchPlatform({
      name: 'http',
      adminDatabaseUrl: ADMIN_URL,
      redisUrl: REDIS_URL,
      env: { MARKET_SOURCE: 'simulated' },
    });
    const { url } = platform;
    const direct = platform.gateways[0];
    log(
      `platform at ${url}; gateways ${platform.gateways.join(', ') || '(none named)'}; log ${platform.logFile}`,
    );
    const { db, close } = createDb(platform.database.url);
    // One user per connection, as many people signed in would be.
    const readers = await benchUsers(db, platform.secret, CONNECTIONS).finally(close);
    const addresses = Array.from(
      { length: ADDRESSES },
      (_, i) => `127.${(i + 2) >> 16}.${((i + 2) >> 8) & 255}.${(i + 2) & 255}`,
    );

    const targets: Target[] = [
      { name: 'GET /api/nope (404)', path: '/api/nope', status: 404 },
      { name: 'GET /api/site', path: '/api/site', status: 200 },
      { name: 'GET /api/market', path: '/api/market', status: 200 },
      { name: 'GET /api/trade-setting', path: '/api/trade-setting', status: 200 },
      {
        name: 'GET /api/auth/me',
        path: '/api/auth/me',
        status: 200,
        headers: readers.map((r) => ({ authorization: `Bearer ${r.token}` })),
      },
    ];
    const only = (process.env.BENCH_HTTP_ONLY ?? '').split(',').filter(Boolean);
    if (only.length)
      targets.splice(0, targets.length, ...targets.filter((t) => only.some((o) => t.name.includes(o))));

    const key = (name: string, way: Way) => `${name} ${way}`;
    const figures = new Map<string, number[]>();
    // CPU time of the server side per request (the launcher, its gateways, PostgreSQL's
    // backends): what a busy machine's req/s cannot hide.
    const cpuPerRequest = new Map<string, number[]>();
    // Each gateway's part of the CPU when the load comes from many addresses: how evenly the front spreads it.
    const gatewayCpu = new Map<string, number[][]>();
    const push = <T>(map: Map<string, T[]>, k: string, v: T) => map.set(k, [...(map.get(k) ?? []), v]);
    const { launcher, gateways } = platform.pids();
    const gatewayPids = [...gateways.values()];
    const sample = cpuSampler(platform.database.name, {
      launcher: [launcher],
      hello: [hello.child.pid ?? 0],
      ...Object.fromEntries(gatewayPids.map((pid, i) => [`gateway ${i + 1}`, [pid]])),
    });
    const ways = WAYS.filter((w) => w !== 'direct' || direct);

    for (let round = 0; round <= ROUNDS; round++) {
      const counted = round > 0;
      const seconds = counted ? SECONDS : 2;
      const line: string[] = [];
      const helloBefore = sample();
      const r = await measure('node:http hello', hello.url, { status: 200 }, seconds);
      if (counted) {
        push(figures, 'hello', r.rps);
        const used = cpuSince(helloBefore, sample());
        push(cpuPerRequest, 'hello', ((used.hello ?? 0) * 1000) / Math.max(1, r.requests));
      }
      line.push(`hello ${num(r.rps)}`);
      for (const target of targets) {
        const parts: string[] = [];
        // The load loop sends no headers of a connection's own: a signed-in read is left out.
        for (const way of ways.filter((w) => w !== 'spread' || !target.headers)) {
          const base = way === 'direct' ? (direct as string) : url;
          const before = sample();
          const m = await measure(
            `${target.name} (${way})`,
            `${base}${target.path}`,
            target,
            seconds,
            way === 'spread' ? addresses : undefined,
          );
          const used = cpuSince(before, sample());
          const perGateway = gatewayPids.map((_, i) => used[`gateway ${i + 1}`] ?? 0);
          const serverMs =
            (used.launcher ?? 0) + (used.postgres ?? 0) + perGateway.reduce((a, b) => a + b, 0);
          if (counted) {
            push(figures, key(target.name, way), m.rps);
            push(cpuPerRequest, key(target.name, way), (serverMs * 1000) / Math.max(1, m.requests));
            if (way === 'spread') {
              const sum = perGateway.reduce((a, b) => a + b, 0) || 1;
              push(
                gatewayCpu,
                target.name,
                perGateway.map((v) => v / sum),
              );
            }
          }
          parts.push(num(m.rps));
        }
        line.push(`${target.name.replace('GET ', '')} ${parts.join(' / ')}`);
      }
      log(`${counted ? `round ${round}` : 'warm-up'} (${ways.join(' / ')}): ${line.join(', ')}`);
    }

    const rps = (name: string, way: Way) => median(figures.get(key(name, way)) ?? []);
    const cpu = (name: string, way: Way) => {
      const v = median(cpuPerRequest.get(key(name, way)) ?? []);
      return Number.isFinite(v) ? `${v.toFixed(1)} µs` : '-';
    };
    const helloRps = median(figures.get('hello') ?? []);
    // A ratio is the median of each round's ratio: the two figures of a round were measured
    // seconds apart, while this machine's speed drifts by a third between rounds.
    const ratioOf = (a: number[] | undefined, b: number[] | undefined) =>
      median((a ?? []).map((v, i) => v / (b?.[i] ?? Number.NaN)).filter(Number.isFinite));
    const of = (name: string, way: Way) => figures.get(key(name, way));
    const notFoundName = 'GET /api/nope (404)';
    const goal: Record<string, number> = {
      'GET /api/site': 0.8,
      'GET /api/market': 0.8,
      'GET /api/trade-setting': 0.8,
      'GET /api/auth/me': 0.5,
    };
    console.log('');
    console.log(
      `Through PORT (${platform.gateways.length || '?'} gateways behind the launcher's front) from 127.0.0.1, ` +
        `one gateway directly, and through PORT from ${ADDRESSES} addresses (total over all gateways); req/s, medians of ${ROUNDS} rounds; ratios, medians of each round's ratio.`,
    );
    console.log(
      '| target | through PORT | one gateway directly | PORT / direct | target | through PORT, many addresses | ' +
        'ratio (through PORT) | target | server CPU per request: PORT / direct / many addresses |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const helloCpu = median(cpuPerRequest.get('hello') ?? []);
    console.log(`| node:http hello | | ${num(helloRps)} | | | | | | - / ${helloCpu.toFixed(1)} µs / - |`);
    for (const t of targets) {
      const [port, one, spread] = [rps(t.name, 'port'), rps(t.name, 'direct'), rps(t.name, 'spread')];
      let ratio = '';
      let target = '';
      if (t.name === notFoundName) {
        const r = ratioOf(of(t.name, 'port'), figures.get('hello'));
        ratio = `${pct(r)} of node:http`;
        target = met(r, 0.5);
      } else if (goal[t.name] !== undefined) {
        const r = ratioOf(of(t.name, 'port'), of(notFoundName, 'port'));
        ratio = `${pct(r)} of the 404`;
        target = met(r, goal[t.name] ?? 0);
      }
      const viaPort = ratioOf(of(t.name, 'port'), of(t.name, 'direct'));
      const cells = [
        t.name,
        num(port),
        num(one),
        pct(viaPort),
        Number.isFinite(one) ? met(viaPort, 0.9) : '',
        num(spread),
        ratio,
        target,
        `${cpu(t.name, 'port')} / ${cpu(t.name, 'direct')} / ${cpu(t.name, 'spread')}`,
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
    console.log('');
    for (const t of targets) {
      const shares = gatewayCpu.get(t.name);
      if (!shares) continue;
      const each = gatewayPids.map((_, i) => pct(median(shares.map((s) => s[i] ?? 0))));
      log(
        `${t.name} from ${ADDRESSES} addresses: each gateway's share of the gateways' CPU ${each.join(' / ')}`,
      );
    }
    const [after] = loadavg();
    log(
      `load average after the run ${after?.toFixed(2)}; the launcher and its processes wrote ${statSync(platform.logFile).size} bytes of log`,
    );
  } finally {
    await platform?.stop();
    await stopChild(hello.child);
  }
}
