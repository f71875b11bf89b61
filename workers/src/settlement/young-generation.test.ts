import { spawnSync } from 'node:child_process';
import { WORKERS_NODE_ARGS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { makeRoomForBurst, youngGeneration } from './young-generation.ts';

describe('makeRoomForBurst', () => {
  it('in a workers process, scavenges a young generation fuller than the share, and only then', () => {
    // The workers' own flags (--expose-gc among them); garbage fills the young generation first.
    const script = `
      const { makeRoomForBurst, youngGeneration } = await import(${JSON.stringify(new URL('./young-generation.ts', import.meta.url).href)});
      let garbage = [];
      while (youngGeneration().used < youngGeneration().capacity * 0.5) {
        garbage.push({ text: 'row ' + garbage.length });
        if (garbage.length > 10000) garbage = [];
      }
      garbage = null;
      const before = youngGeneration();
      const first = makeRoomForBurst(0.25);
      const after = youngGeneration();
      const second = makeRoomForBurst(0.25);
      process.stdout.write(JSON.stringify({ before, first, after, second }));
    `;
    const run = spawnSync(
      process.execPath,
      [...WORKERS_NODE_ARGS, '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname },
    );
    expect(run.stderr).toBe('');
    const { before, first, after, second } = JSON.parse(run.stdout) as {
      before: { used: number; capacity: number };
      after: { used: number; capacity: number };
      first: boolean;
      second: boolean;
    };
    // The workers' young generation: 64 MiB (--min-semi-space-size), half of it garbage.
    expect(before.capacity).toBeGreaterThanOrEqual(60 * 2 ** 20);
    expect(before.used).toBeGreaterThanOrEqual(before.capacity * 0.5);
    expect(first).toBe(true);
    expect(after.used).toBeLessThan(after.capacity * 0.05);
    expect(second).toBe(false);
  });

  it('collects by the share in use of this heap, and never without a collector', () => {
    const young = youngGeneration();
    expect(young && young.used > 0 && young.used <= young.capacity).toBe(true);
    const calls: unknown[] = [];
    const collect = (options: { type: 'minor' }) => calls.push(options);
    expect(makeRoomForBurst(1, collect)).toBe(false); // never more than all of it in use
    expect(makeRoomForBurst(0, collect)).toBe(true); // always something in use
    expect(calls).toEqual([{ type: 'minor' }]);
    expect(makeRoomForBurst(0, undefined)).toBe(false);
  });
});
