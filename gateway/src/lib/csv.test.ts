import { describe, expect, it } from 'vitest';
import { csvLine, csvNumber } from './csv.ts';

describe('csvLine', () => {
  it('writes a number cell as it is, negative ones too, and guards the text cells beside it', () => {
    expect(csvLine(['-x', csvNumber('-12.50'), csvNumber('7')])).toBe("'-x,-12.50,7\r\n");
  });

  it('refuses to pass text off as a number', () => {
    for (const text of ['=1+1', '-1e3', '1,5', ' 1', '', '--1'])
      expect(() => csvNumber(text)).toThrow(RangeError);
  });
});
