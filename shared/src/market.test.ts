import { describe, expect, it } from 'vitest';
import { decimalToE8, e8ToNumber } from './market.ts';

describe('decimalToE8', () => {
  it('scales Binance price strings exactly', () => {
    expect(decimalToE8('64000.12000000')).toBe(6_400_012_000_000n);
    expect(decimalToE8('0.00001234')).toBe(1234n);
    expect(decimalToE8('3')).toBe(300_000_000n);
    expect(e8ToNumber('6400012000000')).toBe(64000.12);
  });

  it('refuses what is not an exact decimal of at most 8 places', () => {
    expect(() => decimalToE8('1e5')).toThrow(RangeError);
    expect(() => decimalToE8('0.000000001')).toThrow(RangeError);
    expect(decimalToE8('1.1234567800')).toBe(112_345_678n);
  });
});
