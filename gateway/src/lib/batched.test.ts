import { describe, expect, it, vi } from 'vitest';
import { batchedByKey } from './batched.ts';

const byKey = (keys: string[]) => new Map(keys.map((k) => [k, `value of ${k}`]));

describe('batchedByKey', () => {
  it('reads the keys asked for in one turn of the event loop in one call, each key once', async () => {
    const loadMany = vi.fn(async (keys: string[]) => byKey(keys));
    const load = batchedByKey(loadMany);
    const answers = await Promise.all([load('a'), load('b'), load('a')]);
    expect(answers).toEqual(['value of a', 'value of b', 'value of a']);
    expect(loadMany).toHaveBeenCalledTimes(1);
    expect(loadMany).toHaveBeenCalledWith(['a', 'b']);
  });

  it('reads again for a key asked for after the batch started: nothing is kept', async () => {
    let version = 0;
    const loadMany = vi.fn(async (keys: string[]) => new Map(keys.map((k) => [k, `${k}${++version}`])));
    const load = batchedByKey(loadMany);
    expect(await load('a')).toBe('a1');
    expect(await load('a')).toBe('a2');
    expect(loadMany).toHaveBeenCalledTimes(2);
  });

  it('answers undefined for a key the read did not find', async () => {
    const load = batchedByKey(async () => new Map([['a', 1]]));
    expect(await Promise.all([load('a'), load('missing')])).toEqual([1, undefined]);
  });

  it('fails every caller of a batch whose read failed, and the next batch reads afresh', async () => {
    const loadMany = vi
      .fn<(keys: string[]) => Promise<Map<string, string>>>()
      .mockRejectedValueOnce(new Error('connection lost'))
      .mockImplementation(async (keys) => byKey(keys));
    const load = batchedByKey(loadMany);
    const first = [load('a'), load('b')];
    await expect(first[0]).rejects.toThrow('connection lost');
    await expect(first[1]).rejects.toThrow('connection lost');
    expect(await load('a')).toBe('value of a');
  });

  it('fails the batch when the read throws before it returns a promise', async () => {
    const load = batchedByKey<string>(() => {
      throw new Error('bad keys');
    });
    await expect(load('a')).rejects.toThrow('bad keys');
  });
});
