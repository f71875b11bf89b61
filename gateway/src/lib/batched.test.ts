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

describe('batchedByKey while a read is under way', () => {
  it('gathers the keys asked for meanwhile into one read after it, made once it answered', async () => {
    const answers: Array<() => void> = [];
    const loadMany = vi.fn(
      (keys: string[]) =>
        new Promise<Map<string, string>>((resolve) => {
          answers.push(() => resolve(byKey(keys)));
        }),
    );
    const load = batchedByKey(loadMany);
    const first = load('a');
    await vi.waitFor(() => expect(loadMany).toHaveBeenCalledTimes(1));
    const later = [load('b'), load('c')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(loadMany).toHaveBeenCalledTimes(1);
    answers[0]?.();
    expect(await first).toBe('value of a');
    await vi.waitFor(() => expect(loadMany).toHaveBeenCalledTimes(2));
    expect(loadMany).toHaveBeenLastCalledWith(['b', 'c']);
    answers[1]?.();
    expect(await Promise.all(later)).toEqual(['value of b', 'value of c']);
  });

  it('reads the next batch after a read that failed', async () => {
    let fail: (error: Error) => void = () => {};
    const loadMany = vi
      .fn<(keys: string[]) => Promise<Map<string, string>>>()
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            fail = reject;
          }),
      )
      .mockImplementation(async (keys) => byKey(keys));
    const load = batchedByKey(loadMany);
    const first = load('a');
    await vi.waitFor(() => expect(loadMany).toHaveBeenCalledTimes(1));
    const second = load('b');
    fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe('value of b');
  });
});
