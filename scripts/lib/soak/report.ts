/**
 * A soak run's outcome: the JSON report (settings, faults, figures, every violation) and a
 * timeline picture (SVG) of latency, throughput and memory per process with the faults marked.
 */
import type { SoakConfig } from './config.ts';
import { type MemorySample, percentile, type Recorder } from './recorder.ts';

export type MemoryFigure = {
  process: string;
  /** Restarts show as more than one pid. */
  pids: number[];
  /** Resident memory. */
  firstMb: number;
  lastMb: number;
  maxMb: number;
  /**
   * What the slope is of: the heap after full collections for a process that logs it (the
   * gateways and the workers: resident memory there follows V8's sizing, shared/src/heap.ts),
   * resident memory for the others.
   */
  judgedOn: 'live heap' | 'resident';
  liveHeapFirstMb: number | null;
  liveHeapLastMb: number | null;
  /** Least-squares growth of the minute floors after warm-up, each pid about its own level; null: too short to judge. */
  slopeMbPerHour: number | null;
  judgedMinutes: number;
};

const MB = 1024 * 1024;
const round = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/** Least-squares slope of y over x (units of y per unit of x). */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  return pooledSlope([points]);
}

/**
 * One least-squares slope for several groups of points, each about its own mean (a line per
 * group, all with the same slope): a restarted process's lower start is not a fall, nor the
 * old one's level growth.
 */
export function pooledSlope(groups: ReadonlyArray<ReadonlyArray<{ x: number; y: number }>>): number {
  let num = 0;
  let den = 0;
  for (const points of groups) {
    const n = points.length;
    if (n < 2) continue;
    const mx = points.reduce((s, p) => s + p.x, 0) / n;
    const my = points.reduce((s, p) => s + p.y, 0) / n;
    for (const p of points) {
      num += (p.x - mx) * (p.y - my);
      den += (p.x - mx) ** 2;
    }
  }
  return den === 0 ? Number.NaN : num / den;
}

/** The floor of each minute (its smallest sample): what a collection leaves, not its peaks. */
const FLOOR_MS = 60_000;

/**
 * The growth of one series: every pid (a restart gives a new one) after its own first `warmupMs`
 * (and the run's), the floor of each minute of its samples, one line fitted through all of them
 * (`pooledSlope`), judged when they cover `minMs` together (NaN: not judged).
 */
function growthPerMs(samples: readonly MemorySample[], start: number, warmupMs: number, minMs: number) {
  const byPid = new Map<number, MemorySample[]>();
  for (const s of samples) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
  const groups: Array<Array<{ x: number; y: number }>> = [];
  let judgedMs = 0;
  for (const list of byPid.values()) {
    const from = Math.max((list[0] as MemorySample).at, start) + warmupMs;
    const floors = new Map<number, MemorySample>();
    for (const s of list) {
      if (s.at < from) continue;
      const minute = Math.floor((s.at - from) / FLOOR_MS);
      const kept = floors.get(minute);
      if (!kept || s.bytes < kept.bytes) floors.set(minute, s);
    }
    const points = [...floors.values()].map((s) => ({ x: s.at, y: s.bytes }));
    if (points.length < 2) continue;
    groups.push(points);
    judgedMs += (points.at(-1)?.x ?? 0) - (points[0]?.x ?? 0);
  }
  return { perMs: judgedMs >= minMs ? pooledSlope(groups) : Number.NaN, judgedMs };
}

const mb = (sample: MemorySample | undefined) => (sample ? round(sample.bytes / MB) : null);

/**
 * Each process's memory: resident memory as sampled, and the growth judged on the live heap for
 * the processes that log it, on resident memory for the others (`growthPerMs`).
 */
export function memoryFigures(recorder: Recorder, warmupMs: number, minMs: number): MemoryFigure[] {
  const figures: MemoryFigure[] = [];
  for (const [name, samples] of recorder.memory) {
    const heap = recorder.liveHeap.get(name) ?? [];
    const judgedOn = heap.length > 0 ? 'live heap' : 'resident';
    const { perMs, judgedMs } = growthPerMs(
      heap.length > 0 ? heap : samples,
      recorder.start,
      warmupMs,
      minMs,
    );
    figures.push({
      process: name,
      pids: [...new Set(samples.map((s) => s.pid))],
      firstMb: mb(samples[0]) ?? 0,
      lastMb: mb(samples.at(-1)) ?? 0,
      maxMb: round(Math.max(...samples.map((s) => s.bytes)) / MB) ?? 0,
      judgedOn,
      liveHeapFirstMb: mb(heap[0]),
      liveHeapLastMb: mb(heap.at(-1)),
      slopeMbPerHour: Number.isFinite(perMs) ? round((perMs * 3_600_000) / MB, 2) : null,
      judgedMinutes: round(judgedMs / 60_000) ?? 0,
    });
  }
  return figures.sort((a, b) => a.process.localeCompare(b.process));
}

export type SoakReport = ReturnType<typeof buildReport>;

const samplesOf = (series: Map<string, MemorySample[]>, rel: (at: number) => number | null) =>
  Object.fromEntries(
    [...series].map(([name, samples]) => [
      name,
      samples.map((s) => ({ atSeconds: rel(s.at), pid: s.pid, mb: round(s.bytes / MB) })),
    ]),
  );

export function buildReport(
  recorder: Recorder,
  config: SoakConfig,
  extra: {
    startedAt: number;
    loadFrom: number;
    loadTo: number;
    endedAt: number;
    memory: MemoryFigure[];
    launcher: Array<{ at: number; kind: string; fields: Record<string, string> }>;
    settledEventsRepeated: number;
    watchers: Array<{ symbol: string; connects: number; disconnects: number; maxGapSeconds: number }>;
  },
) {
  const latencies = [...recorder.buckets.values()].flatMap((b) => b.latencies);
  const statuses: Record<string, number> = {};
  for (const b of recorder.buckets.values()) {
    for (const [s, n] of Object.entries(b.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  }
  const loadSeconds = (extra.loadTo - extra.loadFrom) / 1000;
  const rel = (at: number) => round((at - extra.loadFrom) / 1000);
  return {
    ok: recorder.violations.length === 0,
    seed: config.SOAK_SEED,
    settings: config,
    startedAt: new Date(extra.startedAt).toISOString(),
    endedAt: new Date(extra.endedAt).toISOString(),
    loadSeconds: round(loadSeconds),
    requests: {
      total: latencies.length,
      perSecond: round(latencies.length / Math.max(1, loadSeconds)),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(Math.max(0, ...latencies)),
      },
      byStatus: statuses,
      byName: Object.fromEntries([...recorder.answers].sort(([a], [b]) => a.localeCompare(b))),
    },
    counts: recorder.totals,
    settledEventsRepeated: extra.settledEventsRepeated,
    watchers: extra.watchers,
    faults: recorder.faults.map((f) => ({
      kind: f.kind,
      target: f.target,
      atSeconds: rel(f.at),
      clearedAfterSeconds: f.clearedAt === undefined ? null : round((f.clearedAt - f.at) / 1000),
      note: f.note,
    })),
    launcher: extra.launcher
      .filter((l) => ['RESTARTING', 'FAILED', 'STOPPED', 'STARTED'].includes(l.kind))
      .map(
        (l): Record<string, string | number | null> => ({ atSeconds: rel(l.at), kind: l.kind, ...l.fields }),
      ),
    memory: extra.memory,
    // What the picture draws, for a closer look: one row per sample period.
    timeline: [...recorder.buckets]
      .sort(([a], [b]) => a - b)
      .map(([index, b]) => ({
        atSeconds: rel(recorder.start + index * recorder.bucketMs),
        requests: b.latencies.length,
        p50Ms: round(percentile(b.latencies, 50)),
        p99Ms: round(percentile(b.latencies, 99)),
        statuses: b.statuses,
        events: b.events,
      })),
    memorySamples: samplesOf(recorder.memory, rel),
    liveHeapSamples: samplesOf(recorder.liveHeap, rel),
    violations: recorder.violations.map((v) => ({ atSeconds: rel(v.at), check: v.check, detail: v.detail })),
  };
}

// ---------------------------------------------------------------------------------------------
// The timeline picture.

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const FAULT_COLOURS: Record<string, string> = {
  gateway: '#fdd0a2',
  workers: '#c6dbef',
  redis: '#fcbba1',
  postgres: '#dadaeb',
  feed: '#c7e9c0',
  'slow-client': '#f0f0f0',
};

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Series = { label: string; colour: string; points: Array<[number, number]>; dashed?: boolean };

/** One panel: its series over the shared time axis, y from 0 to the largest value. */
function panel(
  title: string,
  unit: string,
  series: Series[],
  box: { x: number; y: number; w: number; h: number },
  xOf: (t: number) => number,
): string {
  const max = Math.max(1, ...series.flatMap((s) => s.points.map(([, v]) => v))) * 1.1;
  const yOf = (v: number) => box.y + box.h - (v / max) * box.h;
  const out: string[] = [];
  out.push(`<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="#999"/>`);
  out.push(`<text x="${box.x}" y="${box.y - 8}" font-weight="bold">${esc(title)}</text>`);
  for (const frac of [0, 0.5, 1]) {
    const v = (max / 1.1) * frac;
    out.push(
      `<text x="${box.x - 6}" y="${yOf(v) + 4}" text-anchor="end" font-size="11">${round(v, v < 10 ? 1 : 0)} ${unit}</text>`,
      `<line x1="${box.x}" x2="${box.x + box.w}" y1="${yOf(v)}" y2="${yOf(v)}" stroke="#eee"/>`,
    );
  }
  let legendX = box.x + 200;
  for (const s of series) {
    if (s.points.length === 0) continue;
    const d = s.points
      .map(([t, v], i) => `${i ? 'L' : 'M'}${xOf(t).toFixed(1)},${yOf(v).toFixed(1)}`)
      .join('');
    out.push(
      `<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="1.5"${s.dashed ? ' stroke-dasharray="4 3"' : ''}/>`,
    );
    out.push(
      `<rect x="${legendX}" y="${box.y - 18}" width="10" height="10" fill="${s.colour}"/>`,
      `<text x="${legendX + 14}" y="${box.y - 9}" font-size="11">${esc(s.label)}</text>`,
    );
    legendX += 24 + s.label.length * 6.5;
  }
  return out.join('\n');
}

export function timelineSvg(
  recorder: Recorder,
  report: SoakReport,
  times: { loadFrom: number; loadTo: number; endedAt: number },
): string {
  const { loadFrom, loadTo, endedAt } = times;
  const width = 1200;
  const left = 90;
  const right = 20;
  const panelH = 170;
  const gap = 60;
  const top = 100;
  const plotW = width - left - right;
  const t0 = Math.min(loadFrom, recorder.start);
  const span = Math.max(1, endedAt - t0);
  const xOf = (t: number) => left + ((t - t0) / span) * plotW;
  const bucketAt = (index: number) => recorder.start + (index + 0.5) * recorder.bucketMs;
  const buckets = [...recorder.buckets].sort(([a], [b]) => a - b);
  const perSecond = 1000 / recorder.bucketMs;

  const latency: Series[] = [
    {
      label: 'p50',
      colour: COLOURS[0] as string,
      points: buckets
        .filter(([, b]) => b.latencies.length)
        .map(([i, b]) => [bucketAt(i), percentile(b.latencies, 50)]),
    },
    {
      label: 'p99',
      colour: COLOURS[1] as string,
      points: buckets
        .filter(([, b]) => b.latencies.length)
        .map(([i, b]) => [bucketAt(i), percentile(b.latencies, 99)]),
    },
  ];
  const failed = (b: (typeof buckets)[number][1]) =>
    Object.entries(b.statuses)
      .filter(([s]) => s === '0' || Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
  const placed = (b: (typeof buckets)[number][1]) =>
    Object.entries(b.events)
      .filter(([e]) => e.startsWith('trade placed'))
      .reduce((n, [, c]) => n + c, 0);
  const throughput: Series[] = [
    {
      label: 'requests/s',
      colour: COLOURS[0] as string,
      points: buckets.map(([i, b]) => [bucketAt(i), b.latencies.length * perSecond]),
    },
    {
      label: 'trades placed/s',
      colour: COLOURS[2] as string,
      points: buckets.map(([i, b]) => [bucketAt(i), placed(b) * perSecond]),
    },
    {
      label: 'no answer or 5xx /s',
      colour: COLOURS[1] as string,
      points: buckets.map(([i, b]) => [bucketAt(i), failed(b) * perSecond]),
    },
  ];
  const memory: Series[] = [
    ...[...recorder.memory].map(([name, samples]) => [name, samples] as const),
    ...[...recorder.liveHeap].map(([name, samples]) => [`${name}, live heap`, samples] as const),
  ].map(([label, samples], i) => ({
    label,
    colour: COLOURS[i % COLOURS.length] as string,
    points: samples.map((s) => [s.at, s.bytes / MB] as [number, number]),
  }));

  const boxes = [0, 1, 2].map((k) => ({ x: left, y: top + k * (panelH + gap), w: plotW, h: panelH }));
  const height = top + 3 * (panelH + gap) + 10;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="22" font-size="16" font-weight="bold">pnpm soak, seed ${esc(report.seed)}: ${report.ok ? 'passed' : `${report.violations.length} violation(s)`}</text>`,
    `<text x="${left}" y="40" font-size="12">${esc(
      `${report.loadSeconds} s of load, ${report.requests.total} requests (p50 ${report.requests.latencyMs.p50} ms, p99 ${report.requests.latencyMs.p99} ms), ${report.faults.length} faults (shaded)`,
    )}</text>`,
  );
  // Faults: a band across every panel, named at the top.
  for (const f of recorder.faults) {
    const x1 = xOf(f.at);
    const x2 = Math.max(x1 + 2, xOf(f.clearedAt ?? endedAt));
    const colour = FAULT_COLOURS[f.kind] ?? '#eee';
    for (const b of boxes) {
      out.push(
        `<rect x="${x1.toFixed(1)}" y="${b.y}" width="${(x2 - x1).toFixed(1)}" height="${b.h}" fill="${colour}" opacity="0.8"/>`,
      );
    }
    out.push(
      `<text x="${x1.toFixed(1)}" y="${top - 26}" font-size="10" transform="rotate(-30 ${x1.toFixed(1)} ${top - 26})">${esc(f.kind)}</text>`,
    );
  }
  out.push(panel('Latency of every request', 'ms', latency, boxes[0] as (typeof boxes)[0], xOf));
  out.push(panel('Throughput', '/s', throughput, boxes[1] as (typeof boxes)[0], xOf));
  out.push(
    panel(
      'Memory per process: resident, and live heap after full collections',
      'MB',
      memory,
      boxes[2] as (typeof boxes)[0],
      xOf,
    ),
  );
  // Violations: a red mark on the time axis of every panel.
  for (const v of recorder.violations) {
    for (const b of boxes) {
      const x = xOf(v.at);
      out.push(
        `<path d="M${x - 5},${b.y + b.h + 10}L${x + 5},${b.y + b.h + 10}L${x},${b.y + b.h}Z" fill="#d62728"><title>${esc(`${v.check}: ${v.detail}`)}</title></path>`,
      );
    }
  }
  // Where the load started and where the drain began (no new work: every trade must end).
  for (const [at, label] of [
    [loadFrom, 'load'],
    [loadTo, 'drain'],
  ] as const) {
    const x = xOf(at).toFixed(1);
    for (const b of boxes) {
      out.push(
        `<line x1="${x}" x2="${x}" y1="${b.y}" y2="${b.y + b.h}" stroke="#444" stroke-dasharray="2 3"/>`,
      );
    }
    out.push(
      `<text x="${x}" y="${top + 3 * (panelH + gap) - 2}" font-size="10" text-anchor="middle">${label}</text>`,
    );
  }
  // Time axis in minutes since the load started.
  const last = boxes[2] as (typeof boxes)[0];
  const minutes = span / 60_000;
  const step = minutes > 20 ? 5 : minutes > 8 ? 2 : minutes > 3 ? 1 : 0.5;
  for (
    let m = Math.ceil((t0 - loadFrom) / 60_000 / step) * step;
    loadFrom + m * 60_000 <= endedAt;
    m += step
  ) {
    const x = xOf(loadFrom + m * 60_000);
    for (const b of boxes)
      out.push(`<line x1="${x}" x2="${x}" y1="${b.y + b.h}" y2="${b.y + b.h + 4}" stroke="#666"/>`);
    out.push(
      `<text x="${x}" y="${last.y + last.h + 18}" text-anchor="middle" font-size="11">${m} min</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
