import { describe, expect, it } from 'vitest';
import { settled, trade } from '../test/fixtures.ts';
import {
  clockOffset,
  formatCountdown,
  knownClockOffset,
  remainingMs,
  rememberClockOffset,
  secondsLeft,
  serverNow,
} from './server-clock.ts';
import { closedProfit, formatSignedRupees, isRunning, outcomeOf, winProfit } from './trades.ts';

describe('countdown on the server clock', () => {
  const expiresAt = '2025-01-01T12:00:20.000Z';
  const serverTime = Date.parse('2025-01-01T12:00:00.000Z');

  it('counts the full duration whatever the device clock says', () => {
    for (const skew of [0, 5_000, -5_000, 3_600_000, -86_400_000]) {
      const receivedAt = serverTime + skew; // the device clock is off by `skew`
      const offset = clockOffset(serverTime, receivedAt);
      expect(offset + skew).toBe(0);
      expect(serverNow(offset, receivedAt)).toBe(serverTime);
      expect(remainingMs(expiresAt, offset, receivedAt)).toBe(20_000);
      expect(remainingMs(expiresAt, offset, receivedAt + 12_500)).toBe(7_500);
      expect(remainingMs(expiresAt, offset, receivedAt + 25_000)).toBe(0);
    }
  });

  it('a device clock 10 s fast would end the countdown 10 s early without the offset', () => {
    const receivedAt = serverTime + 10_000;
    expect(remainingMs(expiresAt, 0, receivedAt)).toBe(10_000);
    expect(remainingMs(expiresAt, clockOffset(serverTime, receivedAt), receivedAt)).toBe(20_000);
  });

  it('accepts epoch milliseconds and never goes below 0 or breaks on a bad date', () => {
    expect(remainingMs(Date.parse(expiresAt), 0, serverTime)).toBe(20_000);
    expect(remainingMs('not a date', 0, serverTime)).toBe(0);
  });

  it('shows whole seconds rounded up and formats them', () => {
    expect(secondsLeft(20_000)).toBe(20);
    expect(secondsLeft(19_001)).toBe(20);
    expect(secondsLeft(400)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    // The server's expiry is the end of a whole second: a 20 s trade may have 20.9 s left.
    expect(secondsLeft(20_900, 20)).toBe(20);
    expect(secondsLeft(19_100, 20)).toBe(20);
    expect(secondsLeft(18_900, 20)).toBe(19);
    expect(formatCountdown(20)).toBe('0:20');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3600)).toBe('1:00:00');
  });

  it('remembers the last measured offset for lists that carry no clock', () => {
    rememberClockOffset(-1234);
    expect(knownClockOffset()).toBe(-1234);
    rememberClockOffset(Number.NaN);
    expect(knownClockOffset()).toBe(-1234);
    rememberClockOffset(0);
  });
});

describe('closed-order profit', () => {
  const base = trade({ amount: 100, payoutPercent: 40 });

  it('uses the profit field when present', () => {
    expect(closedProfit(settled(base, { profit: 40, payout: 140 }))).toBe(40);
    expect(closedProfit(settled(base, { status: 'lost', result: 'Loss', profit: -100, payout: null }))).toBe(
      -100,
    );
    expect(closedProfit(settled(base, { status: 'void', result: null, profit: 0, payout: 100 }))).toBe(0);
  });

  it('without it: Win is total minus amount, Loss is minus amount, anything else 0', () => {
    expect(closedProfit({ ...settled(base), profit: null, payout: 140 })).toBe(40);
    expect(closedProfit({ ...settled(base, { result: 'Loss' }), profit: null, payout: null })).toBe(-100);
    expect(closedProfit({ ...settled(base, { result: 'Draw' }), profit: null, payout: 100 })).toBe(0);
    expect(closedProfit({ ...base, profit: null, result: null })).toBe(0);
  });

  it('formats profit with its sign', () => {
    expect(formatSignedRupees(40)).toBe('+₹40.00');
    expect(formatSignedRupees(-1234.5)).toBe('-₹1,234.50');
    expect(formatSignedRupees(0)).toBe('₹0.00');
  });

  it('reads outcomes and the running state', () => {
    expect(outcomeOf(base)).toBe('running');
    expect(outcomeOf(settled(base))).toBe('win');
    expect(outcomeOf({ status: 'cancelled' })).toBe('cancelled');
    expect(isRunning({ status: 'RUNNING' })).toBe(true);
    expect(isRunning({ status: 'won' })).toBe(false);
  });

  it('a Win without profit or payout: the profit the ledger credits (winProfitPaise), in paise', () => {
    const odd = trade({ amount: 10.01, payoutPercent: 25 });
    expect(closedProfit({ ...settled(odd), profit: null, payout: null })).toBe(2.5);
    expect(winProfit(10.01, 25)).toBe(2.5);
    expect(winProfit(0.02, 25)).toBe(0.01);
    expect(winProfit(10.001, 25)).toBeNull();
  });
});
