/**
 * Flood benchmark (`pnpm bench flood`): does a client that floods its socket slow the REST API
 * down for everybody else?
 *
 * A real gateway process (its bundle, as `pnpm start` runs it) on a fresh database, with its
 * default socket limits. One signed-in user asks `GET /api/auth/me` at BENCH_FLOOD_RATE
 * requests per second, evenly spaced (latency from when each was due), for BENCH_FLOOD_SECONDS:
 *   1. quiet: nothing else;
 *   2. flooded: BENCH_FLOOD_SOCKETS sockets, in a process of their own, flood `subscribe`: each
 *      keeps BENCH_FLOOD_INFLIGHT events in flight, sending the next as soon as one is answered,
 *      and opens a new socket at once when it is disconnected (a refused handshake is tried
 *      again after 100 ms), as an attacker would;
 *   3. unlimited (reference, BENCH_FLOOD_UNLIMITED=0 skips it): the same flood against a gateway
 *      whose socket limits are lifted through its settings, the gateway without this protection.
 * Target: the flooded median within 2x of the quiet one. Prints medians, p99s and what the
 * flood got: events answered, refused by the rate limit, disconnections and refused
 * handshakes. A measurement, never a test.
 *
 * Settings (environment): BENCH_FLOOD_SOCKETS (20), BENCH_FLOOD_INFLIGHT (50),
 * BENCH_FLOOD_RATE (50), BENCH_FLOOD_SECONDS (10), BENCH_FLOOD_WARMUP_SECONDS (2),
 * BENCH_FLOOD_UNLIMITED (1), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDb, seed } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import { io, type Socket } from 'socket.io-client';
import { deleteRedisPrefix, freePort } from '../lib/services.ts';
import { benchReader, ms, percentile, startGateway, stopChild, waitForHealth } from './common.ts';

const SELF = fileURLToPath(import.meta.url);
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 20);
const INFLIGHT = Number(process.env.BENCH_FLOOD_INFLIGHT ?? 50);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_FLOOD_WARMUP_SECONDS ?? 2);
const UNLIMITED = process.env.BENCH_FLOOD_UNLIMITED !== '0';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RETRY_MS = 100;

/** Gateway settings that lift the socket limits (the reference run). */
const NO_LIMITS = {
  SOCKET_EVENTS_PER_SECOND: '1000000000',
  SOCKET_EVENT_BURST: '1000000000',
  SOCKET_FLOOD_DISCONNECT_AFTER: '1000000000',
  SOCKET_MAX_CONNECTIONS_PER_IP: '1000000',
};

const log = (text: string) => console.log(`[bench] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the flooding sockets got, summed over the run. */
type FloodStats = {
  sent: number;
  answered: number;
  refused: number;
  connects: number;
  disconnects: number;
  refusedHandshakes: number;
};

// ---- the flooding process ------------------------------------------------------------------

/** Runs in the child: floods until the parent asks for the figures, then reports and exits. */
function flooder(url: string) {
  const stats: FloodStats = {
    sent: 0,
    answered: 0,
    refused: 0,
    connects: 0,
    disconnects: 0,
    refusedHandshakes: 0,
  };
  let stopped = false;
  const sockets = new Set<Socket>();

  const open = () => {
    if (stopped) return;
    const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.add(s);
    const send = () => {
      if (stopped || !s.connected) return;
      stats.sent++;
      s.emit('subscribe', { symbol: 'BTC' }, (reply: { ok: boolean }) => {
        if (reply.ok) stats.answered++;
        else stats.refused++;
        send();
      });
    };
    const again = (delay: number) => {
      sockets.delete(s);
      s.close();
      if (!stopped) setTimeout(open, delay);
    };
    s.once('connect', () => {
      stats.connects++;
      for (let i = 0; i < INFLIGHT; i++) send();
    });
    s.once('connect_error', () => {
      stats.refusedHandshakes++;
      again(RETRY_MS);
    });
    s.once('disconnect', () => {
      stats.disconnects++;
      again(0);
    });
  };

  for (let i = 0; i < SOCKETS; i++) open();
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'report') return;
    stopped = true;
    for (const s of sockets) s.close();
    process.send?.({ type: 'report', stats }, () => process.exit(0));
  });
  process.send?.({ type: 'started' });
}

if (process.env.BENCH_FLOOD_CHILD === '1') flooder(String(process.env.BENCH_URL));

// ---- the measuring process -----------------------------------------------------------------

function startFlood(url: string): Promise<ChildProcess> {
  const child = fork(SELF, [], {
    execArgv: ['--import', TSX],
    env: { ...process.env, BENCH_FLOOD_CHILD: '1', BENCH_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`flood process exited (${code}) before starting`)));
  });
}

function stopFlood(child: ChildProcess): Promise<FloodStats> {
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type: string; stats: FloodStats }) => {
      if (m.type === 'report') resolve(m.stats);
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`flood process exited (${code}) before reporting`));
    });
    child.send({ type: 'report' });
  });
}

/** `GET /api/auth/me` at RATE/s, evenly spaced, latency from when each was due. */
async function measure(url: string, token: string): Promise<{ latencies: Float64Array; failed: number }> {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: hostname, port, path: '/api/auth/me', agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
  const latencies: number[] = [];
  let failed = 0;
  const total = Math.round(RATE * (SECONDS + WARMUP));
  const warmupCount = Math.round(RATE * WARMUP);
  const periodMs = 1000 / RATE;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total; sent++) {
    const due = start + sent * periodMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const counted = sent >= warmupCount;
    pending.push(
      get()
        .catch(() => 0)
        .then((status) => {
          if (!counted) return;
          if (status === 200) latencies.push(performance.now() - due);
          else failed++;
        }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies: Float64Array.from(latencies).sort(), failed };
}

type Phase = { name: string; latencies: Float64Array; failed: number; flood?: FloodStats };

function summary(p: Phase): string {
  const figures =
    `${p.name.padEnd(34)} median ${ms(percentile(p.latencies, 50))}, p99 ${ms(percentile(p.latencies, 99))}, ` +
    `${p.latencies.length} ok, ${p.failed} failed`;
  if (!p.flood) return figures;
  const f = p.flood;
  return (
    `${figures}\n${''.padEnd(34)} flood: ${f.sent} events sent, ${f.answered} answered, ${f.refused} refused ` +
    `by the rate limit, ${f.connects} connections, ${f.disconnects} disconnected, ` +
    `${f.refusedHandshakes} handshakes refused`
  );
}

/** One gateway: the quiet phase (when asked), then the flooded one. */
async function onGateway(
  env: { DATABASE_URL: string; JWT_SECRET: string; settings: Record<string, string> },
  token: string,
  phases: { quiet?: string; flooded: string },
): Promise<Phase[]> {
  const prefix = `bench:flood:${randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  const gateway = startGateway(
    { DATABASE_URL: env.DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, JWT_SECRET: env.JWT_SECRET, port },
    [],
    env.settings,
  );
  const url = `http://127.0.0.1:${port}`;
  const out: Phase[] = [];
  try {
    await waitForHealth(url, 30_000);
    if (phases.quiet) {
      log(`${phases.quiet}: ${RATE} requests/s for ${SECONDS} s (+${WARMUP} s warm-up)`);
      out.push({ name: phases.quiet, ...(await measure(url, token)) });
      log(summary(out[out.length - 1] as Phase));
    }
    log(`${phases.flooded}: the same beside ${SOCKETS} sockets flooding subscribe`);
    const flood = await startFlood(url);
    const measured = await measure(url, token).catch(async (err: unknown) => {
      await stopFlood(flood).catch(() => undefined);
      throw err;
    });
    out.push({ name: phases.flooded, ...measured, flood: await stopFlood(flood) });
    log(summary(out[out.length - 1] as Phase));
    return out;
  } finally {
    await stopChild(gateway);
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => 0);
  }
}

export async function runFloodBench() {
  const [load1] = loadavg();
  log(
    `flood: ${SOCKETS} flooding sockets (${INFLIGHT} events in flight each) beside ${RATE} REST requests/s, ` +
      `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`,
  );
  const database = await createTestDatabase(ADMIN_URL);
  const { db, close } = createDb(database.url);
  const secret = randomBytes(32).toString('hex');
  try {
    await seed(db, {});
    const { token } = await benchReader(db, secret);
    const base = { DATABASE_URL: database.url, JWT_SECRET: secret };

    const phases = await onGateway({ ...base, settings: {} }, token, {
      quiet: 'quiet',
      flooded: 'flooded (default limits)',
    });
    if (UNLIMITED) {
      phases.push(
        ...(await onGateway({ ...base, settings: NO_LIMITS }, token, { flooded: 'flooded (limits lifted)' })),
      );
    }

    console.log('');
    for (const p of phases) console.log(summary(p));
    const median = (p: Phase | undefined) => percentile(p?.latencies ?? new Float64Array(), 50);
    const ratio = median(phases[1]) / median(phases[0]);
    console.log(`median ratio flooded / quiet: ${ratio.toFixed(2)}x`);
    console.log(`target (flooded median within 2x of quiet): ${ratio <= 2 ? 'met' : 'NOT met'}`);
  } finally {
    await close();
    await database.drop();
  }
}
