import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatINR, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('converts rupees to paise exactly and back', () => {
    expect(rupeesToPaise(1234.56)).toBe(123456n);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30n);
    expect(paiseToRupees(123456n)).toBe(1234.56);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => rupeesToPaise(1.001)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
  });

  it('formats with Indian grouping and 2 decimals', () => {
    expect(formatINR(123456.7)).toBe('1,23,456.70');
    expect(formatINR(100000)).toBe('1,00,000.00');
  });

  it('abbreviates at K, M, B and T', () => {
    expect(abbreviateNumber(999)).toBe('999.00');
    expect(abbreviateNumber(1500)).toBe('1.50K');
    expect(abbreviateNumber(2_500_000)).toBe('2.50M');
    expect(abbreviateNumber(3e9)).toBe('3.00B');
    expect(abbreviateNumber(4.2e12)).toBe('4.20T');
  });
});
