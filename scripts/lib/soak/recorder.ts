/**
 * What a soak run saw, as it happens: every request's latency and status in time buckets,
 * counted events (trades placed, top-ups approved …), memory samples per process, the faults
 * and every broken invariant or bound. The report and the timeline are drawn from it.
 */

export type Violation = {
  at: number;
  /** The check that failed (`ledger`, `trade-ended-once`, `http-500` …). */
  check: string;
  detail: string;
};

export type FaultRecord = {
  kind: string;
  /** What was hit (`gateway-1 pid 1234`, the exchange …). */
  target: string;
  at: number;
  /** When the part was back (the process restarted and healthy, the exchange answering). */
  clearedAt?: number;
  /** Whether watchers may go without prices meanwhile (a slow client must not cost others theirs). */
  disturbs: boolean;
  note?: string;
};

export type Bucket = {
  latencies: number[];
  /** Answers by status ('0': no answer: the connection failed or timed out). */
  statuses: Record<string, number>;
  events: Record<string, number>;
};

export type MemorySample = { at: number; pid: number; bytes: number };

export class Recorder {
  readonly start = Date.now();
  readonly buckets = new Map<number, Bucket>();
  readonly violations: Violation[] = [];
  readonly faults: FaultRecord[] = [];
  /** Resident memory of each process, sampled by the soak. */
  readonly memory = new Map<string, MemorySample[]>();
  /** The servers' heap after each full collection, as they log it (shared/src/heap.ts). */
  readonly liveHeap = new Map<string, MemorySample[]>();
  /** Answers by request name and status, for the report ("trade.place 201": 812). */
  readonly answers = new Map<string, number>();
  readonly totals: Record<string, number> = {};
  private readonly seen = new Set<string>();

  constructor(readonly bucketMs: number) {}

  private bucket(at: number): Bucket {
    const index = Math.floor((at - this.start) / this.bucketMs);
    let b = this.buckets.get(index);
    if (!b) {
      b = { latencies: [], statuses: {}, events: {} };
      this.buckets.set(index, b);
    }
    return b;
  }

  request(name: string, status: number, ms: number, at = Date.now()) {
    const b = this.bucket(at);
    b.latencies.push(ms);
    b.statuses[status] = (b.statuses[status] ?? 0) + 1;
    const key = `${name} ${status}`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
  }

  count(event: string, n = 1, at = Date.now()) {
    const b = this.bucket(at);
    b.events[event] = (b.events[event] ?? 0) + n;
    this.totals[event] = (this.totals[event] ?? 0) + n;
  }

  /** A broken invariant or bound; `key` reports the same thing once (a trade, a watcher's gap). */
  violation(check: string, detail: string, key?: string) {
    if (key !== undefined) {
      const k = `${check}\0${key}`;
      if (this.seen.has(k)) return;
      this.seen.add(k);
    }
    this.violations.push({ at: Date.now(), check, detail });
    process.stderr.write(`[soak] VIOLATION ${check}: ${detail}\n`);
  }

  sampleMemory(name: string, pid: number, rss: number, at = Date.now()) {
    add(this.memory, name, { at, pid, bytes: rss });
  }

  sampleLiveHeap(name: string, pid: number, bytes: number, at = Date.now()) {
    add(this.liveHeap, name, { at, pid, bytes });
  }

  /** The latest instant a fault that keeps prices from watchers was in progress or cleared (0: none). */
  lastDisturbance(now = Date.now()): number {
    let last = 0;
    for (const f of this.faults) {
      if (!f.disturbs) continue;
      last = Math.max(last, f.clearedAt ?? now);
    }
    return last;
  }

  /** The latest instant any fault was in progress or cleared (0: none). */
  lastFault(now = Date.now()): number {
    let last = 0;
    for (const f of this.faults) last = Math.max(last, f.clearedAt ?? now);
    return last;
  }
}

function add(series: Map<string, MemorySample[]>, name: string, sample: MemorySample) {
  const list = series.get(name);
  if (list) list.push(sample);
  else series.set(name, [sample]);
}

/** The p-th percentile (0-100) of `values` by the nearest-rank method (NaN when empty). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
