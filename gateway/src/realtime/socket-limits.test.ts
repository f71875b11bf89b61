import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIpOf, FLOOD_COOLDOWN_MS, floodHolds, floodKey, tokenBucket } from './socket-limits.ts';

describe('tokenBucket', () => {
  it('gives its capacity at once, then refills at its rate and never above its capacity', () => {
    let now = 0;
    const bucket = tokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 499; // 0.998 of a token
    expect(bucket.take()).toBe(false);
    now = 501;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});

describe('floodHolds', () => {
  it('holds a user, or an anonymous address, for the cool-down, and no more than its maximum at once', () => {
    let now = 0;
    const holds = floodHolds(2, () => now);
    const [flooder, neighbour] = [
      floodKey({ userId: 'u1' }, '10.0.0.1'),
      floodKey({ userId: 'u2' }, '10.0.0.1'),
    ];
    holds.hold(flooder);
    expect([holds.holds(flooder), holds.holds(neighbour)]).toEqual([true, false]);
    expect(holds.holds(floodKey({ userId: null }, '10.0.0.1'))).toBe(false);

    now = FLOOD_COOLDOWN_MS;
    expect(holds.holds(flooder)).toBe(false);

    // Beyond the maximum the oldest hold ends early.
    for (const ip of ['10.0.0.2', '10.0.0.3', '10.0.0.4']) holds.hold(floodKey({ userId: null }, ip));
    const held = ['10.0.0.2', '10.0.0.3', '10.0.0.4'].map((ip) =>
      holds.holds(floodKey({ userId: null }, ip)),
    );
    expect(held).toEqual([false, true, true]);
  });
});

describe('clientIpOf', () => {
  const req = (peer: string, xff?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    }) as unknown as IncomingMessage;

  it('takes the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientIpOf(false)(req('10.0.0.5', '203.0.113.9'))).toBe('10.0.0.5');
    expect(clientIpOf(false)(req('::ffff:10.0.0.5'))).toBe('10.0.0.5');
  });

  it('takes the leftmost forwarded address when every proxy is trusted', () => {
    expect(clientIpOf(true)(req('10.0.0.5', '203.0.113.9, 10.0.0.1'))).toBe('203.0.113.9');
    expect(clientIpOf(true)(req('10.0.0.5'))).toBe('10.0.0.5');
  });

  it('walks back as many hops as it is told to trust', () => {
    const chain = req('10.0.0.5', '198.51.100.1, 203.0.113.9, 10.0.0.1');
    expect(clientIpOf(1)(chain)).toBe('10.0.0.1');
    expect(clientIpOf(2)(chain)).toBe('203.0.113.9');
  });

  it('trusts listed addresses, ranges and names only: the first untrusted hop is the client', () => {
    const trust = clientIpOf(['loopback', '10.0.0.0/8']);
    expect(trust(req('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.2.3.4'))).toBe('203.0.113.9');
    expect(trust(req('::ffff:127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    // A peer that is not a trusted proxy: its header is not believed.
    expect(trust(req('192.0.2.10', '203.0.113.9'))).toBe('192.0.2.10');
  });
});
