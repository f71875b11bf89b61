/**
 * The launcher as an operator runs it: `pnpm start` (the README's command) in a child process
 * of its own group, on ports and a data directory of its own, stopped by a signal as a
 * terminal, systemd or a container runtime sends it. Every process it started (gateway,
 * workers, Redis, the embedded PostgreSQL and its backends) is looked up in /proc while it
 * runs, and must be gone once it has exited.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLedgerInvariants, createDb } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { workerKeys } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { placePracticeTrade, registerUser } from './lib/e2e.ts';
import { freePort, type StartedRedis, startLocalRedis } from './lib/services.ts';
import { clientOf, closeClients, openSocketsAt } from './lib/test-sockets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the launcher may take to come up on a busy machine (bundles, migrations, seed). */
const READY_MS = 150_000;
/** The promise: a signal stops everything within this. */
const STOP_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Processes, as /proc shows them.

type Proc = { pid: number; ppid: number; start: string; state: string; cmd: string };

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, state: fields[0] ?? '', ppid: Number(fields[1]), start: fields[19] ?? '', cmd };
  } catch {
    return undefined;
  }
}

/** Every process below `root`, children before grandchildren. */
function descendants(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProc(Number(name)) ?? []);
  const out: Proc[] = [];
  let level = [root];
  while (level.length > 0) {
    const next = all.filter((p) => level.includes(p.ppid));
    out.push(...next);
    level = next.map((p) => p.pid);
  }
  return out;
}

/** The same process (pid and start time) still exists and is not a zombie. */
function alive(p: Proc): boolean {
  const now = readProc(p.pid);
  return now !== undefined && now.start === p.start && now.state !== 'Z';
}

// ---------------------------------------------------------------------------------------------
// One launcher.

type Launched = {
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The first line starting with `prefix` (READY, STOPPED, …), once printed. */
  line: (prefix: string, timeout?: number) => Promise<string>;
  /** Every process below it now (also remembered for the clean-up after the test). */
  tree: () => Proc[];
  seen: Map<number, Proc>;
  url: string;
};

const launched: Launched[] = [];

/** Settings the test machine's environment must not lend the launcher. */
const OWN_SETTINGS =
  /^(DATABASE_URL|REDIS_URL|REDIS_PREFIX|PORT|HOST|GATEWAY_PROCESSES|JWT_SECRET|EMBEDDED_PG_PORT|DATA_DIR|VOUCHER_DIR|NODE_ENV|VITEST.*|TEST.*|RESTART_.*|SUPERADMIN_.*|MARKET_.*|LOG_LEVEL|SKIP_WEB_BUILD)$/;

async function launch(settings: Record<string, string>, command: 'pnpm' | 'node' = 'pnpm') {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)),
  );
  Object.assign(env, {
    PORT: String(port),
    SKIP_WEB_BUILD: '1',
    MARKET_SOURCE: 'simulated',
    NO_COLOR: '1',
    // One gateway on PORT unless a test asks for more (the default is one per core but one).
    GATEWAY_PROCESSES: '1',
    ...settings,
  });
  const [bin, args] =
    command === 'pnpm' ? ['pnpm', ['start']] : [process.execPath, ['--import', 'tsx', 'scripts/start.ts']];
  // Its own process group: a terminal's Ctrl-C signals the whole group, and the test's own
  // group is never hit.
  const child = spawn(bin, args as string[], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = async (prefix: string, timeout = READY_MS) => {
    let found: string | undefined;
    await vi.waitFor(
      () => {
        found = text.split('\n').find((l) => l.startsWith(prefix));
        if (!found) throw new Error(`no ${prefix} line yet; output so far:\n${text.slice(-3000)}`);
      },
      { timeout, interval: 100 },
    );
    tree();
    return found as string;
  };
  const seen = new Map<number, Proc>();
  const tree = () => {
    const procs = descendants(child.pid as number);
    for (const p of procs) seen.set(p.pid, p);
    return procs;
  };
  const it: Launched = {
    child,
    pid: child.pid as number,
    output: () => text,
    exited,
    line,
    tree,
    seen,
    url: `http://127.0.0.1:${port}`,
  };
  launched.push(it);
  return it;
}

async function health(url: string): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** Waits for the launcher to exit; fails when that takes longer than the 30 s promised. */
async function exitWithin(l: Launched, ms = STOP_MS) {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    l.exited,
    new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    }),
  ]);
  clearTimeout(timer);
  if (result === 'late')
    throw new Error(`the launcher did not exit within ${ms} ms:\n${l.output().slice(-3000)}`);
  return result;
}

/** GET from a given local address (the loopback range 127.0.0.0/8 is all this machine). */
function getFrom(url: string, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

const byName = (procs: Proc[], part: string) => procs.filter((p) => p.cmd.includes(part));

let dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-test-'));
  // As root, PostgreSQL runs as the postgres user, which must reach DATA_DIR/postgres.
  chmodSync(dir, 0o755);
  dataDirs.push(dir);
  return dir;
};

afterEach(async () => {
  // A failed test must not leave a platform running: kill whatever is left of its tree,
  // and what was seen in it (an orphan is no longer below it).
  for (const l of launched.splice(0)) {
    const left = [readProc(l.pid), ...l.tree(), ...l.seen.values()].filter((p): p is Proc => !!p && alive(p));
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {}
    }
  }
});
afterAll(() => {
  closeClients();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs = [];
});

// ---------------------------------------------------------------------------------------------

describe('pnpm start, stopped by a signal', () => {
  // Both tests keep their PostgreSQL data here: the second starts on an existing cluster.
  let shared: string;
  beforeAll(() => {
    shared = dataDir();
  });

  it('SIGTERM once, to the pnpm process: gateway, workers, Redis and the embedded PostgreSQL stop, pnpm exits 0', async () => {
    const l = await launch({
      DATA_DIR: shared,
      EMBEDDED_PG_PORT: String(await freePort()),
      HEARTBEAT_EVERY_MS: '1000',
    });
    await l.line('READY ');
    // Health, once the workers have reported and the simulated feed is live: nothing degraded.
    await vi.waitFor(
      async () => {
        expect(await health(l.url)).toEqual({
          status: 200,
          body: expect.objectContaining({ ok: true, degraded: [], market: 'live' }),
        });
      },
      { timeout: 60_000, interval: 250 },
    );
    const tree = l.tree();
    expect(byName(tree, 'gateway/dist/server.mjs')).toHaveLength(1);
    expect(byName(tree, 'workers/dist/main.mjs')).toHaveLength(1);
    expect(byName(tree, 'redis-server')).toHaveLength(1);
    expect(byName(tree, 'postgres').length).toBeGreaterThan(1); // the server and its processes

    process.kill(l.pid, 'SIGTERM');
    expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
    expect(l.output()).toContain('STOPPED code=0');
    expect(l.output()).not.toContain('ELIFECYCLE');
    expect(tree.filter(alive).map((p) => p.cmd)).toEqual([]);
  });

  it('Ctrl-C (SIGINT to the process group, as a terminal sends it) exits 0 without ELIFECYCLE and leaves nothing', async () => {
    const l = await launch({ DATA_DIR: shared, EMBEDDED_PG_PORT: String(await freePort()) });
    await l.line('READY ');
    const tree = l.tree();
    expect(byName(tree, 'redis-server')).toHaveLength(1);

    process.kill(-l.pid, 'SIGINT');
    expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
    expect(l.output()).toContain('STOPPED code=0');
    expect(l.output()).not.toContain('ELIFECYCLE');
    expect(l.output()).not.toMatch(/SETINFO/);
    expect(tree.filter(alive).map((p) => p.cmd)).toEqual([]);
  });
});

describe('the launcher keeps the gateway and the workers running', () => {
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase(inject('adminDatabaseUrl'));
    databaseUrl = db.url;
    dropDatabase = () => db.drop();
  });
  afterAll(async () => {
    await dropDatabase?.();
  });
  const settings = (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir(),
    DATABASE_URL: databaseUrl,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: `${inject('redisPrefix')}start-${Math.random().toString(36).slice(2, 8)}:`,
    ...extra,
  });

  it('restarts a gateway that was killed, health returns; one that keeps dying stops the platform with exit 1', async () => {
    const l = await launch(settings({ RESTART_LIMIT: '1' }));
    await l.line('READY ');
    const [first] = byName(l.tree(), 'gateway/dist/server.mjs');
    expect(first).toBeDefined();
    process.kill((first as Proc).pid, 'SIGKILL');

    await l.line('RESTARTING process=gateway reason=SIGKILL failures=1', 30_000);
    await vi.waitFor(
      async () => {
        expect((await health(l.url))?.status).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
    const [second] = byName(l.tree(), 'gateway/dist/server.mjs');
    expect(second?.pid).not.toBe(first?.pid);
    const tree = l.tree();

    // Over the limit (1 within the window): the platform stops, and says why.
    process.kill((second as Proc).pid, 'SIGKILL');
    expect(await exitWithin(l)).toEqual({ code: 1, signal: null });
    expect(l.output()).toMatch(/FAILED reason=the%20gateway%20exited%20unexpectedly%20\(SIGKILL\)/);
    expect(l.output()).toContain('STOPPED code=1');
    expect(tree.filter(alive).map((p) => p.cmd)).toEqual([]);
  });

  it('GATEWAY_PROCESSES=2: two gateways behind one port, Socket.IO polling kept on one; a gateway killed is restarted and its clients reconnect to a fresh snapshot', async () => {
    const l = await launch(settings({ GATEWAY_PROCESSES: '2' }));
    await l.line('READY ');
    const first = byName(l.tree(), 'gateway/dist/server.mjs');
    expect(first).toHaveLength(2);
    // Each on a loopback port of its own; the public port is the launcher's.
    const portOf = (p: Proc) =>
      /(?:^|\0)PORT=(\d+)\0/.exec(readFileSync(`/proc/${p.pid}/environ`, 'utf8'))?.[1];
    const internal = first.map((p) => `http://127.0.0.1:${portOf(p)}`);
    expect(internal).not.toContain(l.url);
    expect((await health(l.url))?.status).toBe(200);

    const polling = clientOf(l.url, { transports: ['polling'], reconnect: true });
    const ws = clientOf(l.url, { transports: ['websocket'], reconnect: true });
    for (const c of [polling, ws]) {
      await vi.waitFor(() => expect(c.since(1, 'feed:status')).toHaveLength(1), { timeout: 30_000 });
    }
    // Both from 127.0.0.1: on the same gateway.
    let holder = -1;
    await vi.waitFor(
      async () => {
        const open = await Promise.all(internal.map(openSocketsAt));
        holder = open.indexOf(2);
        expect(open.toSorted()).toEqual([0, 2]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(polling.disconnects()).toBe(0);

    process.kill((first[holder] as Proc).pid, 'SIGKILL');
    await l.line(`RESTARTING process=gateway-`, 30_000);
    expect(l.output()).toMatch(/^RESTARTING process=gateway-[12] reason=SIGKILL failures=1 /m);
    for (const c of [polling, ws]) {
      await vi.waitFor(
        () => {
          expect(c.connects()).toBe(2);
          expect(c.since(2, 'feed:status')).toHaveLength(1);
        },
        { timeout: 30_000 },
      );
    }
    await vi.waitFor(
      async () => {
        expect((await health(l.url))?.status).toBe(200);
        expect(byName(l.tree(), 'gateway/dist/server.mjs')).toHaveLength(2);
      },
      { timeout: 60_000, interval: 250 },
    );
    const tree = l.tree();
    closeClients();

    process.kill(l.pid, 'SIGTERM');
    expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
    expect(l.output()).toContain('STOPPED code=0');
    expect(tree.filter(alive).map((p) => p.cmd)).toEqual([]);
  });

  it('GATEWAY_PROCESSES=2: requests from many client addresses spread over both gateways, which see each address (per-address limits), and /metrics at PORT counts every one, platform-wide series once', async () => {
    const l = await launch(settings({ GATEWAY_PROCESSES: '2', SOCKET_MAX_CONNECTIONS_PER_IP: '2' }));
    const gateways = (await l.line('GATEWAYS ')).slice('GATEWAYS urls='.length).split(',');
    expect(gateways).toHaveLength(2);
    await l.line('READY ');
    const SENT = 40;
    // Each from an address of its own: the front keeps an address on one gateway, and hashes
    // these over both. The gateways see the client's address, not the launcher's.
    const answers = await Promise.all(
      Array.from({ length: SENT }, (_, i) => getFrom(`${l.url}/api/site`, `127.0.0.${i + 2}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(SENT).fill(200));
    const siteCount = (text: string) =>
      Number(
        /^http_request_duration_seconds_count\{route="\/api\/site",method="GET",status_class="2xx"\} (\d+)$/m.exec(
          text,
        )?.[1] ?? 0,
      );
    // Each gateway's own port: its own series only; both took some of the addresses.
    const own = await Promise.all(
      gateways.map(async (g) => siteCount(await (await fetch(`${g}/metrics`)).text())),
    );
    expect(own.every((n) => n > 0)).toBe(true);
    expect((own[0] ?? 0) + (own[1] ?? 0)).toBe(SENT);

    // The public port, from this machine: every gateway's, each counter summed once.
    const res = await fetch(`${l.url}/metrics`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(siteCount(page)).toBe(SENT);
    expect(page).toMatch(/^gateway_processes 2$/m);
    // What each gateway reads of the whole platform is the same on both: not doubled.
    const maxConnections = (text: string) => /^postgres_max_connections (\d+)$/m.exec(text)?.[1];
    const alone = maxConnections(await (await fetch(`${gateways[0]}/metrics`)).text());
    expect(Number(alone)).toBeGreaterThan(0);
    expect(maxConnections(page)).toBe(alone);
    // Per-address limits count the client's own address: the third socket from one address is
    // refused, while another address still connects.
    const crowd = [1, 2, 3].map(() =>
      clientOf(l.url, { transports: ['websocket'], localAddress: '127.0.0.60' }),
    );
    const other = clientOf(l.url, { transports: ['websocket'], localAddress: '127.0.0.61' });
    await vi.waitFor(
      () => {
        expect(crowd.map((c) => c.connects() + c.refusals()).toSorted()).toEqual([1, 1, 1]);
        expect(other.connects()).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(crowd.filter((c) => c.connects() === 1)).toHaveLength(2);
    closeClients();

    // A request forwarded by a proxy on this machine is still refused without the token.
    expect((await fetch(`${l.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(
      404,
    );

    process.kill(l.pid, 'SIGTERM');
    expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
  });

  it('a second SIGINT during a stop that hangs kills the gateway and the workers at once and still leaves nothing', async () => {
    const l = await launch(settings(), 'node');
    await l.line('READY ');
    const tree = l.tree();
    // A workers process that does not answer SIGTERM: the orderly stop waits for it.
    const [workers] = byName(tree, 'workers/dist/main.mjs');
    process.kill((workers as Proc).pid, 'SIGSTOP');
    process.kill(l.pid, 'SIGINT');
    await vi.waitFor(() => expect(l.output()).toContain('stopping (SIGINT'), { timeout: 10_000 });
    // Signals within a moment of the first count as the same Ctrl-C (pnpm forwards it too):
    // press again until the launcher takes one as "again".
    await vi.waitFor(
      () => {
        if (l.output().includes('killing the gateway and the workers now')) return;
        process.kill(l.pid, 'SIGINT');
        throw new Error('not taken as a second Ctrl-C yet');
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(await exitWithin(l)).toEqual({ code: 130, signal: null });
    expect(l.output()).toContain('STOPPED code=130');
    expect(tree.filter(alive).map((p) => p.cmd)).toEqual([]);
  });
});

describe('workers and Redis', () => {
  let redis: StartedRedis | undefined;
  let redisDir: string;
  let port: number;
  beforeAll(async () => {
    redisDir = dataDir();
    port = await freePort();
  });
  afterAll(async () => {
    redis?.child.kill('SIGKILL');
  });
  const startRedis = async () => {
    redis = await startLocalRedis(redisDir, { port });
    return redis;
  };

  it('workers carry on after their Redis is stopped and started again, and process a job afterwards', async () => {
    await startRedis();
    const db = await createTestDatabase(inject('adminDatabaseUrl'));
    const prefix = 'restart:';
    const client = new Redis(`redis://127.0.0.1:${port}`, { keyPrefix: prefix, disableClientInfo: true });
    client.on('error', () => {});
    try {
      const l = await launch(
        {
          DATA_DIR: dataDir(),
          DATABASE_URL: db.url,
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_PREFIX: prefix,
          HEARTBEAT_EVERY_MS: '500',
        },
        'node',
      );
      await l.line('READY ');
      const latestHeartbeat = async () => {
        const [, at] = await client.zrevrange(workerKeys.heartbeats(), 0, 0, 'WITHSCORES');
        return at === undefined ? 0 : Number(at);
      };
      await vi.waitFor(async () => expect(await latestHeartbeat()).toBeGreaterThan(0), { timeout: 30_000 });

      // Stopped with its data on disk (the queues, the job schedulers), as a restarted Redis
      // with persistence comes back.
      await client.save();
      (redis as StartedRedis).stop();
      await (redis as StartedRedis).exited;
      await vi.waitFor(
        async () => {
          const h = await health(l.url);
          expect(h?.status).toBe(503);
          expect(h?.body.degraded).toContain('redis');
        },
        { timeout: 30_000, interval: 250 },
      );
      await vi.waitFor(() => expect(l.output()).toMatch(/\[workers\].*redis connection error/), {
        timeout: 30_000,
      });

      await startRedis();
      const back = Date.now();
      // The heartbeat is a BullMQ job, run by the maintenance worker: one run after Redis came
      // back shows the workers consuming again.
      await vi.waitFor(async () => expect(await latestHeartbeat()).toBeGreaterThan(back), {
        timeout: 30_000,
        interval: 100,
      });
      await vi.waitFor(async () => expect((await health(l.url))?.status).toBe(200), { timeout: 30_000 });
      // They carried on: neither process was restarted.
      expect(l.output()).not.toContain('RESTARTING');
      expect(l.output()).not.toMatch(/SETINFO/);
      // Connection errors are logged by each connection (at most one line per 5 s): every
      // stack printed belongs to such a line, none is BullMQ's own for a reconnect attempt.
      const workersLines = l
        .output()
        .split('\n')
        .filter((line) => line.startsWith('[workers]'));
      // The first error of a connection may be a reset rather than a refusal, whichever the
      // machine's timing gives: any error's first stack line counts.
      const stacks = workersLines.filter((line) => /\]\s+Error: \S/.test(line));
      const logged = workersLines.filter((line) => /(ERROR|WARN) .*redis connection error/.test(line));
      expect(stacks.length).toBeGreaterThan(0);
      expect(stacks.length).toBeLessThanOrEqual(logged.length);

      // Stopped while Redis is away: the workers do not wait for jobs that wait for Redis
      // (they once sat out their whole shutdown timeout), nor does anything else.
      (redis as StartedRedis).stop();
      await (redis as StartedRedis).exited;
      await vi.waitFor(async () => expect((await health(l.url))?.status).toBe(503), { timeout: 30_000 });
      process.kill(l.pid, 'SIGTERM');
      expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
      expect(l.output()).toMatch(/\[workers\].*workers stopped/);
      expect(l.output()).not.toMatch(/shutdown timed out|did not stop within/);
    } finally {
      client.disconnect();
      await db.drop();
    }
  });
});

describe('the launcher keeps its Redis and PostgreSQL running', () => {
  it('SIGKILL to Redis, then to PostgreSQL, with trades running: each comes back on its port by itself, no request answers 500, every trade ends once and every balance adds up', async () => {
    const pgPort = await freePort();
    const l = await launch({
      DATA_DIR: dataDir(),
      EMBEDDED_PG_PORT: String(pgPort),
      HEARTBEAT_EVERY_MS: '1000',
      REGISTER_RATE_LIMIT: '100',
    });
    await l.line('READY ');
    const referralKey = /referralKey=(\S+)/.exec(await l.line('SEEDED '))?.[1] ?? '';
    const platform = { url: l.url, referralKey };
    const pidOf = (name: string) => {
      const started = l
        .output()
        .split('\n')
        .filter((line) => line.startsWith(`STARTED process=${name} `));
      return Number(/pid=(\d+)/.exec(started.at(-1) ?? '')?.[1]);
    };
    const traders = await Promise.all(
      [1, 2, 3].map((n) =>
        registerUser(platform, { firstName: 'Fault', lastName: `Trader${n}`, prefix: `ft${n}` }),
      ),
    );
    // A trade page's socket: prices must flow again after each fault, on this socket or on
    // the one it reconnected with (subscribing again, as the web does on every connect).
    const watcher = clientOf(l.url, { transports: ['websocket'], reconnect: true });
    watcher.socket.on('connect', () => watcher.socket.emit('subscribe', { symbol: 'BTC' }, () => {}));
    const ticks = () => watcher.events.filter((e) => e.event === 'market:tick').length;
    await vi.waitFor(() => expect(ticks()).toBeGreaterThan(0), { timeout: 60_000 });
    const tradeIds: string[] = [];
    const placeRound = async () => {
      for (const trader of traders) tradeIds.push(await placePracticeTrade(platform, trader, 'up'));
    };

    // Requests that need PostgreSQL and Redis, all along: none may answer 500.
    const statuses = new Map<number, number>();
    let probing = true;
    const probe = (async () => {
      while (probing) {
        for (const path of ['/api/auth/me', '/api/trades?account=practice', '/api/health']) {
          const status = await fetch(`${l.url}${path}`, {
            headers: { authorization: `Bearer ${traders[0]?.token}` },
            signal: AbortSignal.timeout(10_000),
          }).then(
            (res) => res.status,
            () => 0,
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
    })();

    for (const [name, settle] of [
      ['redis', 'the embedded Redis'],
      ['postgres', 'the embedded PostgreSQL'],
    ] as const) {
      await placeRound();
      const before = pidOf(name);
      process.kill(before, 'SIGKILL');
      await l.line(`RESTARTING process=${name} reason=SIGKILL failures=1`, 30_000);
      await vi.waitFor(() => expect(pidOf(name)).not.toBe(before), { timeout: 60_000, interval: 100 });
      await vi.waitFor(async () => expect((await health(l.url))?.status, settle).toBe(200), {
        timeout: 60_000,
        interval: 250,
      });
      const seen = ticks();
      await vi.waitFor(() => expect(ticks(), `prices after ${settle} came back`).toBeGreaterThan(seen), {
        timeout: 30_000,
      });
    }
    await placeRound();
    probing = false;
    await probe;
    expect(statuses.get(500) ?? 0).toBe(0);

    // Every trade ends (20 s trades, settled or refunded by the workers), each exactly once.
    const db = createDb(`postgres://postgres:postgres@127.0.0.1:${pgPort}/app`, { max: 1 });
    try {
      await vi.waitFor(
        async () => {
          const running = await db.sql<{ n: number }[]>`
            select count(*)::int as n from trades where id = any(${tradeIds}::uuid[]) and status = 'running'`;
          expect(running[0]?.n).toBe(0);
        },
        { timeout: 120_000, interval: 1_000 },
      );
      const entries = await db.sql<{ status: string; entries: number }[]>`
        select t.status, (select count(*)::int from journal_entries e where e.reference = t.id::text) as entries
        from trades t where t.id = any(${tradeIds}::uuid[])`;
      expect(entries).toHaveLength(tradeIds.length);
      for (const trade of entries) {
        // The stake, and at most one payout or refund.
        expect(trade.entries).toBeGreaterThanOrEqual(1);
        expect(trade.entries).toBeLessThanOrEqual(2);
        if (trade.status !== 'lost') expect(trade.entries).toBe(2);
      }
      expect(await checkLedgerInvariants(db.db)).toEqual([]);
    } finally {
      await db.close();
    }
    // Both came back on the same port, with no human: the launcher still runs.
    expect(l.output()).not.toContain('FAILED');
    closeClients();
    process.kill(l.pid, 'SIGTERM');
    expect(await exitWithin(l)).toEqual({ code: 0, signal: null });
  }, 300_000);
});
