import { randomBytes } from 'node:crypto';
import { workerKeys } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogger } from '../market/testing/harness.ts';
import { ArchiveWatch } from './archive-watch.ts';
import { announceArchived, waitFor } from './testing/fixtures.ts';

const redisUrl = inject('redisUrl');
const prefix = `${inject('redisPrefix')}watch-${randomBytes(3).toString('hex')}:`;
const publisher = new Redis(redisUrl);
let watch: ArchiveWatch;

beforeAll(async () => {
  watch = new ArchiveWatch(new Redis(redisUrl), prefix + workerKeys.ticksArchived(), captureLogger().logger);
  await watch.start();
});

afterAll(async () => {
  await watch.stop();
  await publisher.quit();
});

describe('the archive watch', () => {
  it('resolves a waiter once the archive of its symbol moves past the instant, and only then', async () => {
    const at = Date.now();
    const waiting = watch.waitPast('WBTC', at, 2_000);
    let resolved: boolean | undefined;
    void waiting.then((v) => {
      resolved = v;
    });
    await announceArchived(publisher, prefix, { WBTC: at, WETH: at + 5 });
    // WETH moved in the same message: the waiter has seen WBTC's instant too.
    await waitFor('the WETH announcement', () => watch.passed('WETH', at));
    expect(resolved).toBeUndefined(); // at the instant is not after it
    await announceArchived(publisher, prefix, { WBTC: at + 1 });
    expect(await waiting).toBe(true);
    expect(watch.passed('WBTC', at)).toBe(true);
    expect(watch.passed('WETH', at + 5)).toBe(false);
    expect(watch.isMoving('WBTC')).toBe(true);
    expect(watch.isMoving('WBTC', 2_000, Date.now() + 5_000)).toBe(false);
    expect(watch.isMoving('WDOGE')).toBe(false);
  });

  it('never moves backwards, and gives up after the timeout or on release', async () => {
    const at = Date.now();
    await announceArchived(publisher, prefix, { WSOL: at + 100 });
    await waitFor('the first WSOL announcement', () => watch.passed('WSOL', at));
    await announceArchived(publisher, prefix, { WSOL: at - 100 });
    // Announced after the step back on the same connection, so heard after it.
    await announceArchived(publisher, prefix, { WADA: at });
    await waitFor('the announcement after the step back', () => watch.passed('WADA', at - 1));
    expect(watch.passed('WSOL', at)).toBe(true);
    expect(watch.passed('WSOL', at + 99)).toBe(true);
    expect(await watch.waitPast('WSOL', at + 500, 50)).toBe(false);
    const released = watch.waitPast('WSOL', at + 500, 5_000);
    watch.release();
    expect(await released).toBe(false);
  });
});
