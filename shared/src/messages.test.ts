import { describe, expect, it } from 'vitest';
import { MSG, retryLaterMessage, waitInWords } from './messages.ts';

describe('waitInWords', () => {
  it('names the wait in its largest whole unit, rounded up, never nothing', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(42)).toBe('42 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(900)).toBe('15 minutes');
    expect(waitInWords(3599)).toBe('1 hour');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3601)).toBe('2 hours');
  });
});

describe('retryLaterMessage', () => {
  it('puts the wait after the reason', () => {
    expect(retryLaterMessage(MSG.tooManyAttempts, 900)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
