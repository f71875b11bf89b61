import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listenBacklog, pickGateway } from './gateway-front.ts';

describe('pickGateway', () => {
  const addresses = Array.from({ length: 200 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);

  it('keeps an address on one gateway and spreads addresses over all of them', () => {
    const up = [true, true, true];
    const picks = addresses.map((a) => pickGateway(a, up));
    expect(addresses.map((a) => pickGateway(a, up))).toEqual(picks);
    for (const index of [0, 1, 2]) expect(picks.filter((p) => p === index).length).toBeGreaterThan(30);
  });

  it('moves only the clients of a gateway that is down, and none when none is up', () => {
    const all = addresses.map((a) => pickGateway(a, [true, true, true]));
    const without1 = addresses.map((a) => pickGateway(a, [true, false, true]));
    addresses.forEach((_, i) => {
      if (all[i] === 1) expect(without1[i]).not.toBe(1);
      else expect(without1[i]).toBe(all[i]);
    });
    expect(pickGateway('10.0.0.1', [false, false])).toBeUndefined();
    expect(pickGateway('10.0.0.1', [])).toBeUndefined();
  });
});

describe('listenBacklog', () => {
  it("asks for the kernel's cap, not Node's 511", () => {
    const cap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(listenBacklog()).toBe(cap);
  });
});
