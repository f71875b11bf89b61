import { expect, it } from 'vitest';
import { COLLECT_SIGNAL, watchLiveHeap } from './heap.ts';

it('reports the heap in use after the full collection it runs when signalled', async () => {
  const samples: number[] = [];
  const stop = watchLiveHeap((bytes) => samples.push(bytes));
  try {
    process.kill(process.pid, COLLECT_SIGNAL);
    await expect.poll(() => samples.length).toBeGreaterThan(0);
    expect(samples[0]).toBeGreaterThan(1024 * 1024);
  } finally {
    stop();
  }
  expect(process.listenerCount(COLLECT_SIGNAL)).toBe(0);
});
