import { describe, expect, it } from 'vitest';
import { candlesQuerySchema } from '../market.ts';
import { MSG } from '../messages.ts';
import { coinInputSchema } from './coins.ts';

const coin = { symbol: 'NEWC', name: 'New coin' };

describe('coin input', () => {
  it('keeps an http(s) icon URL as it was typed', () => {
    const parsed = coinInputSchema.parse({ ...coin, iconUrl: ' https://icons.example.com/newc.png ' });
    expect(parsed.iconUrl).toBe('https://icons.example.com/newc.png');
  });

  it.each([
    ['https://icons.example.com/a\tb.png', MSG.textControlCharacters],
    ['https://icons.example.com/a\nb.png', MSG.textControlCharacters],
    ['javascript:alert(1)', MSG.urlInvalid],
  ])('refuses the icon URL %j', (iconUrl, message) => {
    const result = coinInputSchema.safeParse({ ...coin, iconUrl });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('candles query', () => {
  it('takes a symbol in any case', () => {
    expect(candlesQuerySchema.parse({ symbol: ' btc ' }).symbol).toBe('BTC');
  });

  it.each(['BT\u0000C', 'BTC/USDT', 'BT C', '../x'])('refuses the symbol %j', (symbol) => {
    expect(candlesQuerySchema.safeParse({ symbol }).success).toBe(false);
  });
});
