/**
 * Fronts benchmark (`pnpm bench fronts`): the ways of putting several gateway processes behind
 * one port, measured side by side in the same run on the same machine (issue 30).
 *
 * Options: `direct`, one gateway on its own port (the reference); `proxy`, the former launcher's
 * HTTP proxy (scripts/bench/fronts/http-proxy.ts); `handoff`, the launcher's front that hands each
 * connection to a gateway over IPC (scripts/lib/gateway-front.ts); `cluster`, node:cluster with
 * round-robin scheduling (the primary accepts and passes connections on); `cluster-none`, the
 * same with SCHED_NONE (the gateways accept from the shared socket). Each front and its
 * gateways run in a process of their own (scripts/bench/fronts/front.ts), the gateways as
 * `pnpm start` runs them (their bundle, log lines to a file); each option has a fresh database
 * seeded as `pnpm start` seeds one and a Redis prefix of its own.
 *
 * Measured, for every option and a bare node:http hello as a yardstick:
 * - requests per second of the gateway's 404 (`GET /api/nope`) and of `GET /api/site`, from one
 *   client address (127.0.0.1) and spread over several (127.0.0.2 and up): the address-hashing
 *   fronts keep one address on one gateway, cluster spreads connections whatever their address.
 *   The load is scripts/bench/fronts/load.ts for both layouts (autocannon cannot bind a local
 *   address), in a process of its own, run afresh per measurement. Rounds are interleaved (each
 *   measures every target once), after one warm-up round not counted; a figure is the median.
 * - the CPU time of the front process per request where there is one (the proxy's, the handoff
 *   launcher's, the cluster primary's), from /proc/<pid>/stat.
 * - a connection wave: Socket.IO WebSocket clients opened at once, from 127.0.0.1 and spread;
 *   the time until every one is connected, and how many failed.
 * - Socket.IO clients on the polling transport, spread: how many stay connected throughout
 *   (each request of a session must reach the gateway that holds it).
 * A measurement, never a test.
 *
 * Settings (environment): BENCH_FRONTS_ROUNDS (3), BENCH_FRONTS_SECONDS (5),
 * BENCH_FRONTS_CONNECTIONS (50), BENCH_FRONTS_ADDRESSES (8: 127.0.0.2 to 127.0.0.9),
 * BENCH_FRONTS_GATEWAYS (2: gateways behind each front), BENCH_FRONTS_WAVE (2000 clients),
 * BENCH_FRONTS_WAVE_SECONDS (30: a client not connected by then failed), BENCH_FRONTS_POLLING
 * (100 clients), BENCH_FRONTS_POLLING_SECONDS (10), BENCH_FRONTS_ONLY (a comma list of options),
 * BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, seed } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { pickGateway } from '../lib/gateway-front.ts';
import { serverCommand } from '../lib/servers.ts';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import { stopChild, waitForHealth } from './common.ts';
import type { FrontKind, FrontOptions } from './fronts/front.ts';
import type { LoadOptions, LoadResult } from './fronts/load.ts';
import type { PollingResult, SocketsOptions, WaveResult } from './fronts/sockets.ts';

const setting = (name: string, fallback: number) => Number(process.env[`BENCH_FRONTS_${name}`] ?? fallback);
const ROUNDS = setting('ROUNDS', 3);
const SECONDS = setting('SECONDS', 5);
const CONNECTIONS = setting('CONNECTIONS', 50);
const GATEWAYS = setting('GATEWAYS', 2);
const WAVE = setting('WAVE', 2000);
const WAVE_SECONDS = setting('WAVE_SECONDS', 30);
const POLLING = setting('POLLING', 100);
const POLLING_SECONDS = setting('POLLING_SECONDS', 10);
const SPREAD = Array.from({ length: setting('ADDRESSES', 8) }, (_, i) => `127.0.0.${i + 2}`);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const log = (text: string) => console.log(`[bench] ${text}`);

type OptionName = 'direct' | FrontKind;
const OPTIONS: OptionName[] = ['direct', 'proxy', 'handoff', 'cluster', 'cluster-none'];
type Layout = { name: string; addresses: string[] };
const LAYOUTS: Layout[] = [
  { name: '127.0.0.1', addresses: ['127.0.0.1'] },
  { name: 'spread', addresses: SPREAD },
];
const PATHS = [
  { name: '404', path: '/api/nope' },
  { name: 'site', path: '/api/site' },
];

/** What is running for one option: where clients go, and the front's pid (none for direct). */
type Running = {
  name: OptionName;
  url: string;
  frontPid?: number;
  child: ChildProcess;
  cleanup: () => Promise<void>;
};

/** A script of scripts/bench/fronts/ in its own process; resolves with its last stdout line, parsed. */
function runScript<T>(script: string, options: object): Promise<T> {
  const child = spawn(
    process.execPath,
    ['--import', TSX, join(ROOT, 'scripts/bench/fronts', script), JSON.stringify(options)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as T);
    });
  });
}

const measure = (o: LoadOptions) => runScript<LoadResult>('load.ts', o);
const sockets = <T>(o: SocketsOptions) => runScript<T>('sockets.ts', o);

/** CPU ms the process has run (user and system), from /proc/<pid>/stat; NaN where there is none. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // After the command name (in brackets, which may hold spaces): utime and stime are the 12th and 13th fields.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // USER_HZ: 100 ticks a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function startHello(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'text/plain' }); r.end('hello'); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

/** One option's database, Redis prefix and processes, up and serving. */
async function startOption(name: OptionName, logDir: string): Promise<Running> {
  const database = await createTestDatabase(ADMIN_URL);
  const { db, close } = createDb(database.url);
  await seed(db, {}).finally(close);
  const prefix = `bench:fronts:${randomBytes(4).toString('hex')}:`;
  const logFile = join(logDir, `${name}.log`);
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    WEB_DIST: '',
    VOUCHER_DIR: join(logDir, `${name}-vouchers`),
    // Every client of the wave may come from one address.
    SOCKET_MAX_CONNECTIONS_PER_IP: String(WAVE + POLLING + 100),
  };
  const cleanup = async () => {
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
    await database.drop().catch(() => {});
  };
  let child: ChildProcess | undefined;
  let frontPid: number | undefined;
  try {
    if (name === 'direct') {
      const out = openSync(logFile, 'a');
      child = spawn(process.execPath, serverCommand('gateway'), {
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', out, out],
      });
      closeSync(out);
      await waitForHealth(`http://127.0.0.1:${port}`, 60_000);
    } else {
      const gatewayPorts: number[] = [];
      while (gatewayPorts.length < GATEWAYS) {
        const p = await freePort();
        if (p !== port && !gatewayPorts.includes(p)) gatewayPorts.push(p);
      }
      const options: FrontOptions = { kind: name, port, gatewayPorts, logFile };
      const front = spawn(
        process.execPath,
        ['--import', TSX, join(ROOT, 'scripts/bench/fronts/front.ts'), JSON.stringify(options)],
        { env, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      child = front;
      frontPid = front.pid;
      await new Promise<void>((resolve, reject) => {
        front.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        front.once('exit', (code) =>
          reject(new Error(`the ${name} front exited (${code}) before it was ready`)),
        );
      });
    }
  } catch (err) {
    if (child) await stopChild(child);
    await cleanup();
    throw err;
  }
  return { name, url: `http://127.0.0.1:${port}`, frontPid, child, cleanup };
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const num = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');

type Figures = { rps: Map<string, number[]>; frontCpu: Map<OptionName, number[]> };

/** Requests per second of every target, in interleaved rounds; the front's CPU per request. */
async function measureRates(running: Running[], helloUrl: string): Promise<Figures> {
  type Target = { key: string; url: string; layout: Layout; frontPid?: number };
  const targets: Target[] = LAYOUTS.map((layout) => ({
    key: `hello ${layout.name}`,
    url: `${helloUrl}/`,
    layout,
  }));
  for (const r of running)
    for (const p of PATHS)
      for (const layout of LAYOUTS)
        targets.push({
          key: `${r.name} ${p.name} ${layout.name}`,
          url: `${r.url}${p.path}`,
          layout,
          frontPid: r.frontPid,
        });
  const rps = new Map<string, number[]>(targets.map((t) => [t.key, []]));
  const frontCpu = new Map<OptionName, number[]>();
  for (let round = 0; round <= ROUNDS; round++) {
    const counted = round > 0;
    const line: string[] = [];
    for (const t of targets) {
      const before = cpuMs(t.frontPid);
      const seconds = counted ? SECONDS : 2;
      const r = await measure({
        url: t.url,
        connections: CONNECTIONS,
        seconds,
        addresses: t.layout.addresses,
      });
      const used = cpuMs(t.frontPid) - before;
      const wrong = Object.keys(r.statuses).filter(
        (s) => s !== (t.url.endsWith('/api/nope') ? '404' : '200'),
      );
      if (wrong.length > 0 || r.errors > 0)
        log(`  ${t.key}: unexpected answers ${JSON.stringify(r.statuses)}, ${r.errors} socket errors`);
      if (counted) {
        rps.get(t.key)?.push(r.rps);
        const option = t.key.split(' ')[0] as OptionName;
        if (t.frontPid !== undefined)
          frontCpu.set(option, [...(frontCpu.get(option) ?? []), (used * 1000) / Math.max(1, r.requests)]);
      }
      line.push(`${t.key} ${num(r.rps)}`);
    }
    log(`${counted ? `round ${round}` : 'warm-up'}: ${line.join(', ')}`);
  }

  return { rps, frontCpu };
}

type SocketFigures = {
  waves: Map<string, WaveResult & { cpu: number }>;
  polling: Map<OptionName, PollingResult>;
};

/** The connection waves and the polling clients, option by option. */
async function measureSockets(running: Running[]): Promise<SocketFigures> {
  const waves = new Map<string, WaveResult & { cpu: number }>();
  const polling = new Map<OptionName, PollingResult>();
  for (const r of running) {
    for (const layout of LAYOUTS) {
      const before = cpuMs(r.frontPid);
      const w = await sockets<WaveResult>({
        url: r.url,
        mode: 'wave',
        count: WAVE,
        seconds: WAVE_SECONDS,
        addresses: layout.addresses,
      });
      waves.set(`${r.name} ${layout.name}`, { ...w, cpu: cpuMs(r.frontPid) - before });
      log(
        `wave ${r.name} ${layout.name}: ${w.connected} connected in ${num(w.allConnectedMs)} ms, ${w.failed} failed ${w.errors.join('; ')}`,
      );
    }
    const p = await sockets<PollingResult>({
      url: r.url,
      mode: 'polling',
      count: POLLING,
      seconds: POLLING_SECONDS,
      addresses: SPREAD,
    });
    polling.set(r.name, p);
    log(`polling ${r.name}: ${p.survivors} of ${POLLING} connected throughout ${p.reasons.join('; ')}`);
  }

  return { waves, polling };
}

function printTable(running: Running[], { rps, frontCpu }: Figures, { waves, polling }: SocketFigures) {
  const figure = (key: string) => median(rps.get(key) ?? []);
  const cell = (option: OptionName, path: string, layout: string) => {
    const v = figure(`${option} ${path} ${layout}`);
    if (option === 'direct') return num(v);
    return `${num(v)} (${((v / figure(`direct ${path} ${layout}`)) * 100).toFixed(0)} %)`;
  };
  console.log('');
  log(
    `node:http hello: ${num(figure('hello 127.0.0.1'))} req/s from 127.0.0.1, ${num(figure('hello spread'))} spread`,
  );
  console.log(
    `| option | 404 req/s, 127.0.0.1 | 404 req/s, spread | /api/site req/s, 127.0.0.1 | /api/site req/s, spread | ` +
      `front CPU per request | wave of ${WAVE}, 127.0.0.1 | wave, spread | polling: of ${POLLING}, connected throughout |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of running) {
    const wave = (layout: string) => {
      const w = waves.get(`${r.name} ${layout}`);
      if (!w) return '-';
      const time = w.connected > 0 ? `${num(w.allConnectedMs)} ms` : 'none connected';
      const cpu = Number.isFinite(w.cpu) ? `, front CPU ${num(w.cpu)} ms` : '';
      return `${time}, ${w.failed} failed${cpu}`;
    };
    const cpu = median(frontCpu.get(r.name) ?? []);
    console.log(
      `| ${r.name} | ${cell(r.name, '404', '127.0.0.1')} | ${cell(r.name, '404', 'spread')} | ` +
        `${cell(r.name, 'site', '127.0.0.1')} | ${cell(r.name, 'site', 'spread')} | ` +
        `${Number.isFinite(cpu) ? `${cpu.toFixed(1)} µs` : '-'} | ${wave('127.0.0.1')} | ${wave('spread')} | ` +
        `${polling.get(r.name)?.survivors ?? '-'} |`,
    );
  }
}

export async function runFrontsBench() {
  const only = (process.env.BENCH_FRONTS_ONLY ?? '').split(',').filter(Boolean);
  const names = OPTIONS.filter((o) => only.length === 0 || only.includes(o));
  const [load1] = loadavg();
  log(
    `fronts: ${names.join(', ')} (${GATEWAYS} gateways behind each front); ${ROUNDS} rounds of ${SECONDS} s per ` +
      `target (+1 warm-up round), ${CONNECTIONS} connections; load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const split = SPREAD.reduce<number[]>((counts, address) => {
    const index =
      pickGateway(
        address,
        Array.from({ length: GATEWAYS }, () => true),
      ) ?? 0;
    counts[index] = (counts[index] ?? 0) + 1;
    return counts;
  }, []);
  log(
    `spread: ${SPREAD[0]} to ${SPREAD.at(-1)}; the address hash of proxy and handoff puts them on the gateways ` +
      `${Array.from({ length: GATEWAYS }, (_, i) => split[i] ?? 0).join(' / ')}`,
  );
  const logDir = mkdtempSync(join(tmpdir(), 'bench-fronts-'));
  const running: Running[] = [];
  let hello: { url: string; child: ChildProcess } | undefined;
  try {
    for (const name of names) running.push(await startOption(name, logDir));
    hello = await startHello();

    const figures = await measureRates(running, hello.url);
    printTable(running, figures, await measureSockets(running));
    console.log('');
    const [after] = loadavg();
    log(
      `load average after the run ${after?.toFixed(2)}; gateway logs in ${logDir}; (n %): of direct in the same layout`,
    );
  } finally {
    if (hello) await stopChild(hello.child);
    for (const r of running) {
      await stopChild(r.child);
      await r.cleanup();
    }
  }
}
