import { describe, expect, it } from 'vitest';
import { DESKTOP_UA, MOBILE_UA } from '../test/user-agents.ts';
import { deviceTypeOf } from './device.ts';

describe('deviceTypeOf', () => {
  it.each([
    [DESKTOP_UA, 'desktop'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      'desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'desktop'],
    [MOBILE_UA, 'mobile'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'mobile',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'tablet',
    ],
    ['', 'unknown'],
    ['   ', 'unknown'],
    ['curl/8.4.0', 'unknown'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'unknown'],
  ])('%s is %s', (ua, expected) => {
    expect(deviceTypeOf(ua)).toBe(expected);
  });
});
