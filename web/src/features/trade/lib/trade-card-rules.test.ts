import { MSG } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../../test/fixtures.ts';
import { breakEvenPercent, durationParts, profitFor } from './format.ts';
import { canTrade, checkTrade, formMessage, parseAmount, type TradeInput } from './validation.ts';

const shortest = SETTINGS.find((s) => s.seconds === 20) ?? null;
const input = (over: Partial<TradeInput> = {}): TradeInput => ({
  amountText: '100',
  balance: 1000,
  setting: shortest,
  inProgress: false,
  signedIn: true,
  ...over,
});

describe('trade card validation', () => {
  it('accepts a finite amount above 0 in whole paise and nothing else', () => {
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('0.01')).toBe(0.01);
    // The API's amount rule: plain digits, at most two decimals (the field's spaces aside).
    for (const bad of [
      '',
      '   ',
      '0',
      '-5',
      'abc',
      '1e999',
      'NaN',
      '0.001',
      '1.234',
      '0x10',
      '1e3',
      'Infinity',
      '1 000',
    ]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('checks in the spec order: amount, then balance, then the setting', () => {
    expect(checkTrade(input({ amountText: 'x', balance: 0, setting: null }))).toEqual({
      ok: false,
      message: MSG.tradeAmountInvalid,
    });
    expect(checkTrade(input({ amountText: '5000', setting: null }))).toEqual({
      ok: false,
      message: MSG.insufficientBalance,
    });
    expect(checkTrade(input({ setting: null }))).toEqual({ ok: false, message: MSG.selectTradeSetting });
    expect(checkTrade(input())).toEqual({ ok: true, amount: 100 });
  });

  it('rejects a stake above the available balance, and accepts one equal to it', () => {
    expect(checkTrade(input({ amountText: '1000.01' }))).toEqual({
      ok: false,
      message: MSG.insufficientBalance,
    });
    expect(checkTrade(input({ amountText: '1000' })).ok).toBe(true);
    // A balance not known yet is not enough for any stake.
    expect(checkTrade(input({ balance: null }))).toEqual({ ok: false, message: MSG.insufficientBalance });
  });

  it('enables Trade Up / Down only when valid, within balance, a setting selected and nothing in progress', () => {
    expect(canTrade(input())).toBe(true);
    expect(canTrade(input({ amountText: '' }))).toBe(false);
    expect(canTrade(input({ amountText: '0' }))).toBe(false);
    expect(canTrade(input({ amountText: '1001' }))).toBe(false);
    expect(canTrade(input({ setting: null }))).toBe(false);
    expect(canTrade(input({ inProgress: true }))).toBe(false);
  });

  it('lets a visitor press the buttons (they are then asked to log in), balance unknown', () => {
    expect(canTrade(input({ signedIn: false, balance: null }))).toBe(true);
    expect(canTrade(input({ signedIn: false, balance: null, amountText: '-1' }))).toBe(false);
  });

  it('says nothing about the amount until it was touched, but always asks for a missing setting', () => {
    expect(formMessage(input({ amountText: '' }), false)).toBeNull();
    expect(formMessage(input({ amountText: '' }), true)).toBe(MSG.tradeAmountInvalid);
    expect(formMessage(input({ amountText: '2000' }), true)).toBe(MSG.insufficientBalance);
    expect(formMessage(input({ setting: null }), false)).toBe(MSG.selectTradeSetting);
    expect(formMessage(input(), true)).toBeNull();
  });
});

describe('payout figures', () => {
  it('shows the break-even win rate each payout implies, one decimal', () => {
    expect(breakEvenPercent(40)).toBe('71.4');
    expect(breakEvenPercent(20)).toBe('83.3');
    expect(breakEvenPercent(60)).toBe('62.5');
    expect(breakEvenPercent(100)).toBe('50.0');
  });

  it('shows the profit the ledger will credit: amount x payout / 100 in whole paise', () => {
    expect(profitFor(100, shortest)).toBe(20);
    expect(profitFor(33, shortest)).toBe(6.6);
    expect(profitFor(12, shortest)).toBe(2.4);
    expect(profitFor(0.03, shortest)).toBe(0.01); // 0.6 paise, half away from zero
    expect(profitFor(10.001, shortest)).toBeNull(); // not whole paise
    expect(profitFor(null, shortest)).toBeNull();
    expect(profitFor(100, null)).toBeNull();
  });

  it('labels each duration with its time and unit', () => {
    expect(durationParts({ time: 20, unit: 'Seconds' })).toEqual({ key: 'quickTrade.seconds', count: 20 });
    expect(durationParts({ time: 2, unit: 'Minutes' })).toEqual({ key: 'quickTrade.minutes', count: 2 });
    expect(durationParts({ time: 1, unit: 'Hours' })).toEqual({ key: 'quickTrade.hours', count: 1 });
  });
});
