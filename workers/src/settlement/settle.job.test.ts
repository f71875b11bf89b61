import { describe, expect, it } from 'vitest';
import { recheckAt } from './settle.job.ts';

describe('when a settle job looks again at a trade whose price is not final', () => {
  const expiry = 1_000_000_999;
  const stale = 10_000;

  it('waits for expiry when it ran early', () => {
    expect(recheckAt(expiry - 700, expiry, stale, 50)).toBe(expiry);
  });

  it('re-checks quickly right after expiry, then slower while the feed stays silent, at most every second', () => {
    expect(recheckAt(expiry + 10, expiry, stale, 50)).toBe(expiry + 60);
    expect(recheckAt(expiry + 400, expiry, stale, 50)).toBe(expiry + 500);
    expect(recheckAt(expiry + 2_000, expiry, stale, 50)).toBe(expiry + 2_500);
    expect(recheckAt(expiry + 8_000, expiry, stale, 50)).toBe(expiry + 9_000);
  });

  it('comes back just after the staleness bound, when settlement stops waiting and voids', () => {
    expect(recheckAt(expiry + 9_500, expiry, stale, 50)).toBe(expiry + stale + 1);
    expect(recheckAt(expiry + stale + 5, expiry, stale, 50)).toBe(expiry + stale + 5 + 1_000);
  });
});
