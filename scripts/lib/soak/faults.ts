/**
 * Faults on a seeded schedule: SIGKILL to a gateway, the workers, Redis or PostgreSQL (the
 * launcher restarts them), the exchange cut for longer than the staleness bound, and a client
 * that stops reading its socket. One fault at a time; each is over when the part is back.
 */
import type { Rng } from '../../../workers/src/market/rng.ts';
import type { FakeBinance } from '../../../workers/src/market/testing/fake-binance.ts';
import type { FaultKind } from './config.ts';
import type { SoakPlatform } from './platform.ts';
import type { FaultRecord, Recorder } from './recorder.ts';
import { openSlowClient } from './slow-client.ts';

export type PlannedFault = { at: number; kind: FaultKind };

/**
 * When each fault starts (ms from the start of the load): one every `everyMs`, the first after
 * half of that, the kinds in a seeded order, each once per round. None starts within `tailMs`
 * of the end, so the last is over before the run ends.
 */
export function planFaults(
  rng: Rng,
  kinds: readonly FaultKind[],
  durationMs: number,
  everyMs: number,
  tailMs: number,
) {
  const plan: PlannedFault[] = [];
  if (kinds.length === 0) return plan;
  let round: FaultKind[] = [];
  for (let at = everyMs / 2; at <= durationMs - tailMs; at += everyMs) {
    if (round.length === 0) {
      round = [...kinds];
      // Fisher-Yates with the seeded stream.
      for (let i = round.length - 1; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        [round[i], round[j]] = [round[j] as FaultKind, round[i] as FaultKind];
      }
    }
    plan.push({ at, kind: round.shift() as FaultKind });
  }
  return plan;
}

export type FaultContext = {
  platform: SoakPlatform;
  exchange: FakeBinance;
  recorder: Recorder;
  rng: Rng;
  coins: string[];
  feedCutMs: number;
  slowClientMs: number;
  recoveryBoundMs: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What /api/health at the public port answers: its status (0: no answer) and what it names degraded. */
async function health(url: string): Promise<{ status: number; degraded: string[] }> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) });
    const body = (await res.json().catch(() => ({}))) as { degraded?: string[] };
    return { status: res.status, degraded: body.degraded ?? [] };
  } catch {
    return { status: 0, degraded: [] };
  }
}

/** Values of unlabelled series from /metrics at the public port (this machine may read it). */
async function metricsOf(url: string, names: string[]): Promise<Record<string, number>> {
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const found: Record<string, number> = {};
    for (const name of names) {
      const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
      if (value !== undefined) found[name] = Number(value);
    }
    return found;
  } catch {
    return {};
  }
}

/** Waits until `ready` holds (true) or the bound has passed (false). */
async function until(ready: () => Promise<boolean> | boolean, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await ready()) return true;
    await sleep(250);
  }
  return false;
}

/** Process names the launcher gives each kind (a gateway is one of gateway, gateway-<n>). */
function targetsOf(kind: FaultKind, names: string[]): string[] {
  if (kind === 'gateway') return names.filter((n) => n === 'gateway' || n.startsWith('gateway-'));
  if (kind === 'workers' || kind === 'redis' || kind === 'postgres') return names.filter((n) => n === kind);
  return [];
}

/** Runs one fault to its end: the part back (or the recovery bound passed, which is a violation). */
export async function runFault(kind: FaultKind, ctx: FaultContext): Promise<FaultRecord> {
  const { platform, recorder } = ctx;
  if (kind === 'feed') {
    const record: FaultRecord = { kind, target: 'the exchange', at: Date.now(), disturbs: true };
    recorder.faults.push(record);
    ctx.exchange.setDown(true);
    ctx.exchange.setRestDown(true);
    await sleep(ctx.feedCutMs);
    ctx.exchange.setDown(false);
    ctx.exchange.setRestDown(false);
    record.clearedAt = Date.now();
    return record;
  }
  if (kind === 'slow-client') {
    const record: FaultRecord = {
      kind,
      target: 'a trade page that stops reading',
      at: Date.now(),
      disturbs: false,
    };
    recorder.faults.push(record);
    const slow = await openSlowClient(platform.url, ctx.coins);
    record.note = `${slow.subscribed} rooms joined before it stopped reading`;
    await sleep(ctx.slowClientMs);
    // Whether the gateways held it back (it is the one socket that stops reading).
    const gauges = await metricsOf(platform.url, [
      'socketio_market_congested_sockets',
      'socketio_market_skipped_events',
    ]);
    record.note += `; then ${gauges.socketio_market_congested_sockets ?? '?'} congested socket(s), ${gauges.socketio_market_skipped_events ?? '?'} market events skipped since start`;
    slow.close();
    record.clearedAt = Date.now();
    return record;
  }
  const running = platform.processes();
  const names = targetsOf(kind, [...running.keys()]);
  const name = names[Math.floor(ctx.rng.next() * names.length)];
  const pid = name === undefined ? undefined : running.get(name);
  const record: FaultRecord = {
    kind,
    target: name === undefined ? 'none found' : `${name} pid ${pid}`,
    at: Date.now(),
    disturbs: true,
  };
  recorder.faults.push(record);
  if (name === undefined || pid === undefined) {
    record.clearedAt = Date.now();
    recorder.violation('fault', `no ${kind} process to kill among ${[...running.keys()].join(', ')}`);
    return record;
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch (err) {
    record.note = `kill failed: ${String(err)}`;
  }
  // What health said meanwhile: it should name the part that is away.
  const said = new Set<string>();
  const back = await until(async () => {
    if (platform.exit()) return true;
    const h = await health(platform.url);
    if (h.status !== 200) said.add(h.status === 0 ? 'no answer' : `${h.status} [${h.degraded.join(', ')}]`);
    const now = platform.processes().get(name);
    return now !== undefined && now !== pid && h.status === 200;
  }, ctx.recoveryBoundMs);
  record.clearedAt = Date.now();
  record.note =
    said.size > 0 ? `health meanwhile: ${[...said].join('; ')}` : 'health answered 200 throughout';
  const exit = platform.exit();
  if (exit) {
    const failed = platform.lines.find((l) => l.kind === 'FAILED')?.fields.reason;
    recorder.violation(
      'platform-stopped',
      `the launcher exited (code ${exit.code}) after ${kind} was killed: ${failed ?? 'no FAILED line'}`,
    );
  } else if (!back) {
    recorder.violation(
      'recovery',
      `${name} was not back and healthy within ${ctx.recoveryBoundMs / 1000} s of its SIGKILL`,
    );
  }
  return record;
}
