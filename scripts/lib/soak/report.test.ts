import { describe, expect, it } from 'vitest';
import { createRng } from '../../../workers/src/market/rng.ts';
import { planFaults } from './faults.ts';
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
});
