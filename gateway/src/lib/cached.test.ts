import { describe, expect, it } from 'vitest';
import { cachedByKey, cachedValue } from './cached.ts';

/** A loader that records its calls and answers what `answer` gives at the time. */
function counting<K extends unknown[], V>(answer: (...args: K) => V) {
  const calls: K[] = [];
  const load = async (...args: K) => {
    calls.push(args);
    return answer(...args);
  };
  return { calls, load };
}

describe('cachedValue', () => {
  it('reads once, then answers from memory until dropped', async () => {
    let source = 'one';
    const { calls, load } = counting(() => source);
    const value = cachedValue(load);
    expect(await value.get()).toBe('one');
    source = 'two';
    expect(await value.get()).toBe('one');
    expect(calls).toHaveLength(1);
    value.drop();
    expect(await value.get()).toBe('two');
    expect(calls).toHaveLength(2);
  });

  it('reads again once its lifetime has passed', async () => {
    let t = 0;
    const { calls, load } = counting(() => t);
    const value = cachedValue(load, { ttlMs: 100, now: () => t });
    await value.get();
    t = 99;
    expect(await value.get()).toBe(0);
    t = 100;
    expect(await value.get()).toBe(100);
    expect(calls).toHaveLength(2);
  });

  it('keeps no failed read', async () => {
    let fail = true;
    const value = cachedValue(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(value.get()).rejects.toThrow('down');
    fail = false;
    expect(await value.get()).toBe('up');
  });

  it('does not keep a read that was under way when it was dropped', async () => {
    const pending: Array<(v: string) => void> = [];
    const value = cachedValue(() => new Promise<string>((resolve) => pending.push(resolve)));
    const before = value.get();
    value.drop();
    const after = value.get();
    pending[0]?.('old');
    pending[1]?.('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await value.get()).toBe('new');
    expect(pending).toHaveLength(2);
  });
});

describe('cachedByKey', () => {
  it('keeps each key its lifetime and drops one key without the others', async () => {
    let t = 0;
    let version = 1;
    const { calls, load } = counting((key: string) => `${key}@${version}`);
    const byKey = cachedByKey(load, { ttlMs: 1_000, now: () => t });
    expect(await byKey.get('a')).toBe('a@1');
    expect(await byKey.get('b')).toBe('b@1');
    version = 2;
    t = 500;
    expect(await byKey.get('a')).toBe('a@1');
    byKey.drop('a');
    expect(await byKey.get('a')).toBe('a@2');
    expect(await byKey.get('b')).toBe('b@1');
    t = 1_000;
    expect(await byKey.get('b')).toBe('b@2');
    expect(calls.map(([k]) => k)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('never answers an entry older than its lifetime, across the generation swaps', async () => {
    let t = 0;
    const { load } = counting(() => t);
    const byKey = cachedByKey(load, { ttlMs: 100, now: () => t });
    for (t = 0; t < 1_000; t += 7) expect(t - (await byKey.get('k'))).toBeLessThan(100);
  });

  it('forgets every key on clear', async () => {
    let version = 1;
    const byKey = cachedByKey(async (key: string) => `${key}@${version}`, { ttlMs: 5_000 });
    await byKey.get('a');
    version = 2;
    byKey.clear();
    expect(await byKey.get('a')).toBe('a@2');
  });
});
