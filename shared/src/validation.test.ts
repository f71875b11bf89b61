import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { parseRupees } from './money.ts';
import { placeTradeSchema } from './schemas/trades.ts';
import { tradeLogQuerySchema } from './schemas/trades-api.ts';
import { holdBodySchema, topupFieldsSchema, withdrawalBodySchema } from './schemas/wallet.ts';
import {
  calendarDay,
  calendarInstant,
  exceedsDepth,
  findNul,
  hasControlCharacters,
  holdAmount,
  isCalendarDay,
  istDay,
  istDayEnd,
  istDayStart,
  istTimestamp,
  latestDay,
  MAX_AMOUNT_RUPEES,
  multiLineText,
  pageQuery,
  positiveIntId,
  rupeeAmount,
  SINGLE_LINE_MAX,
  singleLineText,
  wholeNumber,
} from './validation.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('text primitives', () => {
  it('refuse NUL and the other control characters in one-line text', () => {
    const text = singleLineText('Name is required');
    for (const bad of [
      '\u0000',
      'a\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      'a\nb',
      'a\rb',
      'a\tb',
      '\u2028',
      '\u2029',
    ]) {
      expect(messageOf(text.safeParse(bad)), JSON.stringify(bad)).toBe(MSG.textControlCharacters);
    }
    for (const good of ['', 'Asha Verma', 'Åsa', '😀', 'a b', 'O’Brien', 'नमस्ते']) {
      expect(text.parse(good)).toBe(good);
    }
    expect(messageOf(text.safeParse(7))).toBe('Name is required');
    expect(messageOf(text.safeParse('x'.repeat(SINGLE_LINE_MAX + 1)))).toBe(MSG.textTooLong);
  });

  it('allow tab, line feed and carriage return in multi-line text, and nothing else', () => {
    const text = multiLineText();
    expect(text.parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
    for (const bad of ['\u0000', 'a\u000bb', 'a\u000cb', '\u001b[31m', '\u007f']) {
      expect(messageOf(text.safeParse(bad)), JSON.stringify(bad)).toBe(MSG.textControlCharacters);
    }
  });

  it('chain like any zod string, the control check first', () => {
    const name = singleLineText('Required').trim().min(1, 'Required').max(5, 'Too long');
    expect(name.parse('  Ana ')).toBe('Ana');
    expect(messageOf(name.safeParse(' \u0000 '))).toBe(MSG.textControlCharacters);
    expect(messageOf(name.safeParse('   '))).toBe('Required');
  });

  it('tell which characters are control characters', () => {
    expect(hasControlCharacters('plain')).toBe(false);
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', true)).toBe(false);
    expect(hasControlCharacters('\u2028', true)).toBe(false);
    expect(hasControlCharacters('\u0000', true)).toBe(true);
  });

  it('find a NUL anywhere in a parsed request part, keys included', () => {
    expect(findNul({ a: 'x', b: [1, 'y', { c: 'z' }] })).toBeUndefined();
    expect(findNul({ a: 'x', b: [1, 'y', { c: 'z\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul(Buffer.from([0, 0, 0]))).toBeUndefined();
  });

  it('tell input nested deeper than any schema takes', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(exceedsDepth(deep)).toBe(true);
    expect(exceedsDepth({ a: [{ b: [1, 2] }] })).toBe(false);
    expect(exceedsDepth(Buffer.alloc(10))).toBe(false);
  });
});

describe('page numbers', () => {
  it('are bounded: anything else is page 1', () => {
    expect(pageQuery.parse('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '1e9', '99999999999999999999', ['1', '2']]) {
      expect(pageQuery.parse(bad), JSON.stringify(bad)).toBe(1);
    }
  });
});

describe('days', () => {
  it('are real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-28')).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-5',
      '20260105',
      '0000-00-00',
    ]) {
      expect(isCalendarDay(bad), bad).toBe(false);
    }
    expect(isCalendarDay('0000-01-01')).toBe(true);
  });

  it('lie between 2020-01-01 and a year after today (India time), else the date message', () => {
    const day = calendarDay();
    expect(day.parse('2020-01-01')).toBe('2020-01-01');
    expect(day.parse(latestDay())).toBe(latestDay());
    for (const bad of [
      '2019-12-31',
      '0000-01-01',
      '9999-12-31',
      '2026-02-30',
      'yesterday',
      '',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(messageOf(day.safeParse(bad)), bad).toBe(MSG.dateInvalid);
    }
    expect(messageOf(day.safeParse(20200101))).toBe(MSG.dateInvalid);
  });

  it('start and end at midnight India time', () => {
    expect(istDayStart('2026-01-16').toISOString()).toBe('2026-01-15T18:30:00.000Z');
    expect(istDayEnd('2026-01-15').toISOString()).toBe('2026-01-15T18:30:00.000Z');
    expect(istDay(Date.parse('2026-01-15T18:29:59.999Z'))).toBe('2026-01-15');
    expect(istDay(Date.parse('2026-01-15T18:30:00.000Z'))).toBe('2026-01-16');
  });

  it('end a year on, 29 February a year on being 28 February', () => {
    expect(latestDay(Date.parse('2026-06-10T00:00:00Z'))).toBe('2027-06-10');
    // 20:00 UTC on 31 Dec is already 1 Jan in India.
    expect(latestDay(Date.parse('2026-12-31T20:00:00Z'))).toBe('2028-01-01');
    expect(latestDay(Date.parse('2028-02-29T06:00:00Z'))).toBe('2029-02-28');
  });

  it('reach further only where a field says so, by the same rule', () => {
    const fiveYears = calendarDay(MSG.dateInvalid, { yearsAhead: 5 });
    const far = latestDay(Date.now(), 5);
    expect(fiveYears.parse(far)).toBe(far);
    expect(messageOf(calendarDay().safeParse(far))).toBe(MSG.dateInvalid);
    expect(messageOf(fiveYears.safeParse(latestDay(Date.now(), 6)))).toBe(MSG.dateInvalid);
  });

  it('as instants: a day or an ISO time with its zone, a real time of day, within the range', () => {
    const instant = calendarInstant(MSG.expiryInvalid, { yearsAhead: 5 });
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    for (const good of [
      soon,
      '2026-03-01',
      '2026-03-01T18:30Z',
      '2026-03-01T18:30:05+05:30',
      '2026-03-01T23:59:59.999-14:00',
    ]) {
      expect(instant.parse(good), good).toBe(good);
    }
    for (const bad of [
      '9999-12-31',
      `${latestDay(Date.now(), 6)}T00:00:00Z`,
      '2026-03-01T24:00Z',
      '2026-03-01T24:00:00.000Z',
      '2026-03-01T23:60Z',
      '2026-03-01T23:59:60Z',
      '2026-03-01T12:00',
      '2026-03-01T12:00+15:00',
      '2026-02-30T12:00Z',
      '2019-12-31',
      '+002026-03-01',
      'tomorrow',
      '',
    ]) {
      expect(messageOf(instant.safeParse(bad)), bad).toBe(MSG.expiryInvalid);
    }
  });

  it('make the trade log’s range whole India-time days', () => {
    const query = tradeLogQuerySchema.parse({ from: '2026-01-15', to: '2026-01-15' });
    expect(query.from?.toISOString()).toBe('2026-01-14T18:30:00.000Z');
    expect(query.to?.toISOString()).toBe('2026-01-15T18:30:00.000Z');
    expect(messageOf(tradeLogQuerySchema.safeParse({ to: '9999-12-31' }))).toBe(MSG.dateInvalid);
  });
});

describe('the whole-number rule', () => {
  it('takes a JSON integer or plain digits, and refuses hex, exponents, signs, leading zeros, fractions and padding', () => {
    const id = positiveIntId(MSG.selectTradeSetting);
    expect(id.parse(7)).toBe(7);
    expect(id.parse('7')).toBe(7);
    expect(id.parse('2147483647')).toBe(2147483647);
    for (const bad of [
      '0x1',
      '1e0',
      '+1',
      '-1',
      '01',
      '1.0',
      '1.5',
      ' 1',
      '1\n',
      '',
      '0',
      '2147483648',
      0,
      1.5,
      -3,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      true,
      [1],
    ]) {
      expect(messageOf(id.safeParse(bad)), String(bad)).toBe(MSG.selectTradeSetting);
    }
    const count = wholeNumber(MSG.maxUsesInvalid, { min: 1, max: 10 });
    expect(count.parse('10')).toBe(10);
    expect(messageOf(count.safeParse('11'))).toBe(MSG.maxUsesInvalid);
    expect(
      messageOf(
        placeTradeSchema.safeParse({ amount: 10, settingId: '0x1', symbol: 'BTCUSDT', direction: 'up' }),
      ),
    ).toBe(MSG.selectTradeSetting);
  });
});

describe('the amount rule', () => {
  it('reads plain rupees as exact paise', () => {
    expect(parseRupees('100')).toBe(10_000n);
    expect(parseRupees('100.5')).toBe(10_050n);
    expect(parseRupees('0.07')).toBe(7n);
    expect(parseRupees('0')).toBe(0n);
    expect(parseRupees(0.1)).toBe(10n);
    expect(parseRupees(1234.56)).toBe(123_456n);
    expect(parseRupees(9_999_999.99)).toBe(999_999_999n);
    expect(parseRupees(-0)).toBe(0n);
  });

  it('refuses anything not plainly written', () => {
    for (const bad of [
      '0x10',
      '1e3',
      '1E3',
      ' 1',
      '1 ',
      '\t1',
      '+1',
      '-1',
      '1.',
      '.5',
      '007',
      '1.001',
      '1,000',
      '１',
      'Infinity',
      'NaN',
      '',
      '1_000',
      1e-9,
      0.001,
      1.005,
      0.1 + 0.2,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
      null,
      undefined,
      true,
      [1],
      { a: 1 },
    ]) {
      expect(parseRupees(bad), JSON.stringify(bad) ?? String(bad)).toBeNull();
    }
  });

  it('as a schema: above 0 and at most the bound, with the given message', () => {
    const amount = rupeeAmount('Enter a valid amount.');
    expect(amount.parse('250.75')).toBe(250.75);
    expect(amount.parse(0.3)).toBe(0.3);
    expect(amount.parse(MAX_AMOUNT_RUPEES)).toBe(MAX_AMOUNT_RUPEES);
    for (const bad of ['0', 0, -5, '0x10', 1e-9, MAX_AMOUNT_RUPEES + 0.01, undefined, 'abc']) {
      expect(messageOf(amount.safeParse(bad)), String(bad)).toBe('Enter a valid amount.');
    }
    expect(messageOf(rupeeAmount('x', { max: 100 }).safeParse(100.01))).toBe('x');
  });

  it('allows 0 for a hold, and nothing that only rounds to 0', () => {
    const hold = holdAmount();
    expect(hold.parse(0)).toBe(0);
    expect(hold.parse('0')).toBe(0);
    expect(hold.parse('12.5')).toBe(12.5);
    for (const bad of [1e-9, '1e-9', -0.01, '-0', '0.001']) {
      expect(messageOf(hold.safeParse(bad)), String(bad)).toBe(MSG.tradeAmountInvalid);
    }
  });

  it('is the rule of every money schema, each with the spec’s message', () => {
    const cases: Array<[{ safeParse: (v: unknown) => unknown }, Record<string, unknown>, string]> = [
      [placeTradeSchema, { settingId: 1, symbol: 'BTC', direction: 'up' }, MSG.tradeAmountInvalid],
      [topupFieldsSchema, { currency: 'INR' }, MSG.topupAmountInvalid],
      [withdrawalBodySchema, { method: 'bank' }, MSG.tradeAmountInvalid],
    ];
    for (const [schema, rest, message] of cases) {
      for (const amount of ['0x10', '1e3', ' 10', '10.001', 'Infinity', '0', -1]) {
        const result = schema.safeParse({ ...rest, amount }) as Parameters<typeof messageOf>[0];
        expect(messageOf(result), `${message} ${String(amount)}`).toBe(message);
      }
      const ok = schema.safeParse({ ...rest, amount: '10.50' }) as {
        success: boolean;
        data?: { amount: number };
      };
      expect(ok.data?.amount).toBe(10.5);
    }
    expect(holdBodySchema.parse({ freezAmount: '0', reason: 'Done' }).freezAmount).toBe(0);
  });
});

describe('times in India time', () => {
  it('writes an instant in IST to the millisecond with the zone and its offset, whatever the input form', () => {
    const text = '2026-11-26 10:15:03.123 IST (UTC+05:30)';
    expect(istTimestamp('2026-11-26T04:45:03.123Z')).toBe(text);
    expect(istTimestamp(Date.parse('2026-11-26T04:45:03.123Z'))).toBe(text);
    expect(istTimestamp(new Date('2026-11-26T04:45:03.123Z'))).toBe(text);
    // Past midnight in India while still the day before in UTC.
    expect(istTimestamp('2026-01-15T18:30:00.000Z')).toBe('2026-01-16 00:00:00.000 IST (UTC+05:30)');
    expect(() => istTimestamp('yesterday')).toThrow(RangeError);
  });
});
