/**
 * The platform under soak: scripts/start.ts as `pnpm start` runs it, with the launcher owning
 * Redis and the embedded PostgreSQL (no DATABASE_URL, no REDIS_URL), on free ports and a data
 * folder of its own, its prices from a local server speaking Binance's protocol. Its machine
 * lines (scripts/start.ts header) are read as they come; its output goes to a log file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIVE_HEAP_LOG } from '@app/shared/heap';
import { machineLine } from '../e2e.ts';
import { embeddedUrl } from '../postgres.ts';
import { cmdline, descendants, parentOf } from '../proc.ts';
import { SERVERS } from '../servers.ts';
import { freePort } from '../services.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Settings the soak's own environment must not lend the launcher (it owns Redis and PostgreSQL). */
const OWN_SETTINGS =
  /^(DATABASE_URL|REDIS_URL|REDIS_PREFIX|PORT|HOST|JWT_SECRET|EMBEDDED_PG_PORT|DATA_DIR|VOUCHER_DIR|NODE_ENV|VITEST.*|TEST_.*|SUPERADMIN_.*|MARKET_.*|BINANCE_.*|SKIP_WEB_BUILD|SMTP_URL|MAILDEV_.*)$/;

/** A machine line as it came, with when. */
export type LauncherLine = { at: number; kind: string; fields: Record<string, string> };

/** Process names as the launcher gives them: gateway or gateway-<n>, workers, redis, postgres. */
export type ProcessName = string;

/** The launcher's Node servers (they log their live heap), as against Redis, PostgreSQL and itself. */
export const isServer = (name: ProcessName) => name === 'workers' || /^gateway(-\d+)?$/.test(name);

/** A server's heap after a full collection, from its log line (shared/src/heap.ts). */
export type LiveHeapSample = { at: number; name: ProcessName; pid: number; bytes: number };

export type SoakPlatform = {
  url: string;
  databaseUrl: string;
  superadmin: { username: string; email: string; password: string };
  referralKey: string;
  dataDir: string;
  logFile: string;
  /** Every machine line so far (RESTARTING, FAILED, STOPPED, STARTED …). */
  lines: LauncherLine[];
  /** Every `LIVE_HEAP_LOG` line so far, with the process that wrote it. */
  liveHeap: LiveHeapSample[];
  /** The launcher's exit, once it has exited. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The processes the launcher runs now, by name (the launcher itself as `launcher`). */
  processes: () => Map<ProcessName, number>;
  /** SIGTERM, and the launcher's exit (SIGKILL to what is left after `timeoutMs`). */
  stop: (timeoutMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Removes the data folder (the log stays). */
  cleanup: () => void;
};

export type LaunchOptions = {
  binance: { wsUrl: string; restUrl: string };
  coins: string[];
  /** Where the launcher's output goes. */
  logFile: string;
  /** More settings for the launcher and its processes. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
};

/** Which launcher process a command line is, found below it in /proc (before STARTED lines existed). */
function nameOf(pid: number, launcher: number, gatewayPorts: Map<string, number>): ProcessName | undefined {
  const cmd = cmdline(pid);
  if (cmd.includes(SERVERS.gateway.bundle)) {
    const port = gatewayPortOf(pid);
    const index = port === undefined ? undefined : gatewayPorts.get(port);
    if (gatewayPorts.size <= 1) return 'gateway';
    return index === undefined ? undefined : `gateway-${index + 1}`;
  }
  if (cmd.includes(SERVERS.workers.bundle)) return 'workers';
  if (cmd.startsWith('redis-server') || cmd.includes('/redis-server')) return 'redis';
  // The postmaster is the launcher's own child; its backends are the postmaster's.
  if (cmd.includes('postgres') && cmd.includes('-D') && parentOf(pid) === launcher) return 'postgres';
  return undefined;
}

function gatewayPortOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((v) => v.startsWith('PORT='))
      ?.slice('PORT='.length);
  } catch {
    return undefined;
  }
}

export async function launchPlatform(options: LaunchOptions): Promise<SoakPlatform> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-platform-'));
  // As root, PostgreSQL runs as the postgres user, which must reach DATA_DIR/postgres.
  chmodSync(dataDir, 0o755);
  const superadmin = {
    username: `soak${randomBytes(3).toString('hex')}`,
    email: `soak-${randomBytes(3).toString('hex')}@example.com`,
    password: `Soak-${randomBytes(8).toString('hex')}`,
  };
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)));
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, 'scripts/start.ts'], {
    cwd: ROOT,
    // Its own process group: a Ctrl-C at the soak's terminal reaches the soak, which stops it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SKIP_WEB_BUILD: existsSync(join(ROOT, 'web', 'dist', 'index.html')) ? '1' : '0',
      SUPERADMIN_USERNAME: superadmin.username,
      SUPERADMIN_EMAIL: superadmin.email,
      SUPERADMIN_PASSWORD: superadmin.password,
      SMTP_URL: '',
      MAILDEV_SMTP_PORT: '0',
      MAILDEV_WEB_PORT: '0',
      NO_COLOR: '1',
      MARKET_SOURCE: 'binance',
      BINANCE_WS_URL: options.binance.wsUrl,
      BINANCE_REST_URL: options.binance.restUrl,
      MARKET_SYMBOLS: options.coins.join(','),
      // Every simulated person comes from 127.0.0.1: the per-address sign-up and sign-in
      // limits would otherwise count them all as one.
      REGISTER_RATE_LIMIT: '100000',
      LOGIN_RATE_LIMIT: '100000',
      ...options.env,
    },
  });
  const log = createWriteStream(options.logFile);
  const lines: LauncherLine[] = [];
  const liveHeap: LiveHeapSample[] = [];
  let pending = '';
  let exitResult: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exitResult = { code, signal };
      resolve(exitResult);
    }),
  );
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      if (line.includes(LIVE_HEAP_LOG)) {
        const sample = liveHeapSample(line, lines);
        if (sample) liveHeap.push(sample);
        continue;
      }
      const kind = /^([A-Z]+) \w+=/.exec(line)?.[1];
      if (!kind) continue;
      const fields = machineLine(line, kind);
      if (fields) lines.push({ at: Date.now(), kind, fields });
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  void exited.then(() => log.end());

  const launcher = child.pid as number;
  const gatewayPorts = new Map<string, number>();
  const processes = () => {
    const found = new Map<ProcessName, number>([['launcher', launcher]]);
    const started = lines.filter((l) => l.kind === 'STARTED');
    if (started.length > 0) {
      // The launcher names each process as it starts it: the latest pid of each name.
      for (const l of started) {
        const name = l.fields.process;
        if (name) found.set(name, Number(l.fields.pid));
      }
      return found;
    }
    for (const pid of descendants(launcher)) {
      const name = nameOf(pid, launcher, gatewayPorts);
      if (name && !found.has(name)) found.set(name, pid);
    }
    return found;
  };
  const stop = async (timeoutMs = 45_000) => {
    if (!exitResult) {
      child.kill('SIGTERM');
      const late = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), timeoutMs).unref()),
      ]);
      if (late) {
        for (const pid of [...descendants(launcher), launcher]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {}
        }
      }
    }
    return exited;
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? 240_000;
  const deadline = Date.now() + readyTimeoutMs;
  let url: string | undefined;
  while (!url) {
    url = lines.find((l) => l.kind === 'READY')?.fields.url;
    if (url) break;
    const failed = lines.find((l) => l.kind === 'FAILED')?.fields.reason;
    if (failed || exitResult || Date.now() > deadline) {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        `the platform did not start: ${failed ?? (exitResult ? `exit ${exitResult.code}` : `no READY within ${readyTimeoutMs / 1000} s`)}; see ${options.logFile}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const gateways = lines.find((l) => l.kind === 'GATEWAYS')?.fields.urls?.split(',') ?? [];
  gateways.forEach((g, i) => {
    gatewayPorts.set(new URL(g).port, i);
  });
  const referralKey = lines.find((l) => l.kind === 'SEEDED')?.fields.referralKey;
  if (!referralKey) {
    await stop();
    throw new Error(`the seed printed no referral key; see ${options.logFile}`);
  }
  return {
    url,
    databaseUrl: embeddedUrl(pgPort),
    superadmin,
    referralKey,
    dataDir,
    logFile: options.logFile,
    lines,
    liveHeap,
    exit: () => exitResult,
    exited,
    processes,
    stop,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A `LIVE_HEAP_LOG` line: the gateway's are JSON with its pid; the workers' come formatted by
 * the launcher (`[workers] … {"liveHeapBytes":…}`), named instead. The other half comes from the
 * STARTED lines so far.
 */
export function liveHeapSample(
  line: string,
  lines: readonly LauncherLine[],
  at = Date.now(),
): LiveHeapSample | undefined {
  const bytes = Number(/"liveHeapBytes":(\d+)/.exec(line)?.[1]);
  if (!Number.isFinite(bytes)) return undefined;
  const started = lines.filter((l) => l.kind === 'STARTED');
  const pidGiven = /"pid":(\d+)/.exec(line)?.[1];
  const named = /^\[([\w-]+)\]/.exec(line)?.[1];
  const entry = pidGiven
    ? started.findLast((l) => l.fields.pid === pidGiven)
    : started.findLast((l) => l.fields.process === named);
  const name = entry?.fields.process;
  const pid = Number(entry?.fields.pid);
  return name && Number.isFinite(pid) ? { at, name, pid, bytes } : undefined;
}
