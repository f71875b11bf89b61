import { LIVE_HEAP_LOG } from '@app/shared/heap';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../workers/src/market/rng.ts';
import { planFaults } from './faults.ts';
import { liveHeapSample } from './platform.ts';
import { Recorder } from './recorder.ts';
import { memoryFigures, slope } from './report.ts';

describe('the fault schedule', () => {
  it('takes every kind once per round in a seeded order, the same for the same seed', () => {
    const kinds = ['gateway', 'workers', 'feed', 'slow-client'] as const;
    const plan = planFaults(createRng('seed', 'faults'), kinds, 20 * 60_000, 120_000, 10_000);
    expect(plan.map((p) => p.at)).toEqual(Array.from({ length: 10 }, (_, i) => 60_000 + i * 120_000));
    for (const round of [plan.slice(0, 4), plan.slice(4, 8)]) {
      expect(round.map((p) => p.kind).toSorted()).toEqual([...kinds].toSorted());
    }
    expect(planFaults(createRng('seed', 'faults'), kinds, 20 * 60_000, 120_000, 10_000)).toEqual(plan);
  });

  it('starts no fault in the last seconds of the run', () => {
    const plan = planFaults(createRng('s'), ['gateway'], 100_000, 20_000, 15_000);
    expect(plan.map((p) => p.at)).toEqual([10_000, 30_000, 50_000, 70_000]);
  });
});

describe('memory over time', () => {
  it('is the least-squares slope', () => {
    expect(slope([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))).toBeCloseTo(2);
  });

  it('is judged after warm-up on the floor of each minute, each pid about its own level: a restart is no growth', () => {
    const recorder = new Recorder(5_000);
    const MB = 1024 * 1024;
    const t0 = recorder.start;
    // pid 1: a floor growing 1 MB a minute, with collection peaks 30 MB above it between;
    // pid 2 (a restart) starts 40 MB lower and grows alike.
    for (let s = 0; s <= 600; s += 5) {
      const peak = s % 60 === 30 ? 30 : 0;
      recorder.sampleMemory('gateway', 1, (100 + s / 60 + peak) * MB, t0 + s * 1000);
    }
    for (let s = 605; s <= 1200; s += 5)
      recorder.sampleMemory('gateway', 2, (60 + (s - 605) / 60) * MB, t0 + s * 1000);
    const [gateway] = memoryFigures(recorder, 2 * 60_000, 5 * 60_000);
    expect(gateway).toMatchObject({ process: 'gateway', pids: [1, 2], maxMb: 139.5 });
    expect(gateway?.slopeMbPerHour).toBeCloseTo(60, 0);
    // Too little judged: no verdict.
    expect(memoryFigures(recorder, 2 * 60_000, 30 * 60_000)[0]?.slopeMbPerHour).toBeNull();
  });

  it('is flat for a process whose floor does not grow, whatever its peaks', () => {
    const recorder = new Recorder(5_000);
    const MB = 1024 * 1024;
    for (let s = 0; s <= 1800; s += 5) {
      recorder.sampleMemory('workers', 7, (150 + ((s * 7) % 45)) * MB, recorder.start + s * 1000);
    }
    expect(Math.abs(memoryFigures(recorder, 5 * 60_000, 5 * 60_000)[0]?.slopeMbPerHour ?? 99)).toBeLessThan(
      1,
    );
  });

  it('is judged on the live heap of a process that logs it, whatever its resident memory does', () => {
    const recorder = new Recorder(5_000);
    const MB = 1024 * 1024;
    // Resident memory climbs 2 MB a minute (an old generation let grow between full
    // collections); what each full collection leaves stays at 80 MB.
    for (let s = 0; s <= 1200; s += 5) {
      recorder.sampleMemory('gateway', 3, (170 + (2 * s) / 60) * MB, recorder.start + s * 1000);
      if (s % 40 === 0) recorder.sampleLiveHeap('gateway', 3, (80 + (s % 3)) * MB, recorder.start + s * 1000);
    }
    recorder.sampleMemory('redis', 4, 20 * MB, recorder.start);
    const [gateway, redis] = memoryFigures(recorder, 2 * 60_000, 5 * 60_000);
    expect(gateway).toMatchObject({ judgedOn: 'live heap', liveHeapFirstMb: 80, firstMb: 170, lastMb: 210 });
    expect(Math.abs(gateway?.slopeMbPerHour ?? 99)).toBeLessThan(5);
    expect(redis?.judgedOn).toBe('resident');

    // The same live heap growing 1 MB a minute is judged as 60 MB/h.
    const leaking = new Recorder(5_000);
    for (let s = 0; s <= 1200; s += 40) {
      leaking.sampleMemory('workers', 5, 150 * MB, leaking.start + s * 1000);
      leaking.sampleLiveHeap('workers', 5, (50 + s / 60) * MB, leaking.start + s * 1000);
    }
    expect(memoryFigures(leaking, 2 * 60_000, 5 * 60_000)[0]?.slopeMbPerHour).toBeCloseTo(60, 0);
  });
});

describe("the servers' live heap lines", () => {
  const started = (process: string, pid: string) => ({ at: 0, kind: 'STARTED', fields: { process, pid } });
  const lines = [started('gateway', '11'), started('workers', '12'), started('workers', '13')];

  it("are the gateway's by the pid of its JSON line", () => {
    const line = `{"level":30,"time":1,"pid":11,"hostname":"vm","liveHeapBytes":114388608,"msg":"${LIVE_HEAP_LOG}"}`;
    expect(liveHeapSample(line, lines, 5)).toEqual({ at: 5, name: 'gateway', pid: 11, bytes: 114388608 });
  });

  it("are the workers' latest process by the launcher's name for them", () => {
    const line = `[workers]  12:06:28.971 INFO  ${LIVE_HEAP_LOG} {"liveHeapBytes":48406216}`;
    expect(liveHeapSample(line, lines, 5)).toEqual({ at: 5, name: 'workers', pid: 13, bytes: 48406216 });
  });

  it('are nobody when no STARTED line names the process', () => {
    expect(liveHeapSample(`{"pid":99,"liveHeapBytes":1,"msg":"${LIVE_HEAP_LOG}"}`, lines)).toBeUndefined();
  });
});
