import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { check } from '../validation.ts';
import { changePasswordSchema, loginSchema, registerSchema } from './auth.ts';

const valid = {
  username: 'trader_1',
  email: 'a@b.co',
  referral: 'abcd1234',
  firstName: 'A',
  lastName: 'B',
  password: 'secret1',
};

describe('registerSchema', () => {
  it('checks in the spec order and reports the first failing rule', () => {
    const allBad = {
      username: 'x',
      email: 'nope',
      referral: 'short',
      firstName: '',
      lastName: '',
      password: '',
    };
    expect(check(registerSchema, allBad)).toEqual({ ok: false, message: MSG.usernameInvalid });
    expect(check(registerSchema, { ...allBad, username: 'good_name' })).toEqual({
      ok: false,
      message: MSG.emailInvalid,
    });
    expect(check(registerSchema, { ...allBad, username: 'good_name', email: 'a@b.co' })).toEqual({
      ok: false,
      message: MSG.referralInvalid,
    });
    expect(check(registerSchema, { ...valid, firstName: '  ' })).toEqual({
      ok: false,
      message: MSG.requiredFields,
    });
    expect(check(registerSchema, { ...valid, password: '' })).toEqual({
      ok: false,
      message: MSG.requiredFields,
    });
  });

  it('upper-cases the referral key and fixes the country to India', () => {
    const r = check(registerSchema, { ...valid, country: 'France' });
    expect(r.ok && r.data.referral).toBe('ABCD1234');
    expect(r.ok && r.data.country).toBe('India');
  });

  it('rejects usernames with other characters or lengths', () => {
    for (const username of ['ab', 'a'.repeat(21), 'has space', 'dot.name']) {
      expect(check(registerSchema, { ...valid, username })).toEqual({
        ok: false,
        message: MSG.usernameInvalid,
      });
    }
  });
});

describe('loginSchema', () => {
  it('needs both fields after trimming', () => {
    expect(check(loginSchema, { identifier: '  ', password: 'x' })).toEqual({
      ok: false,
      message: MSG.loginRequired,
    });
    expect(check(loginSchema, { identifier: 'me', password: '' })).toEqual({
      ok: false,
      message: MSG.loginRequired,
    });
  });
});

describe('changePasswordSchema', () => {
  it('applies the three rules in order', () => {
    expect(check(changePasswordSchema, { oldPassword: 'abcdef' })).toEqual({
      ok: false,
      message: MSG.changePasswordBoth,
    });
    expect(check(changePasswordSchema, { oldPassword: 'abcdef', newPassword: 'abc' })).toEqual({
      ok: false,
      message: MSG.newPasswordTooShort,
    });
    expect(check(changePasswordSchema, { currentPassword: 'abcdef', newPassword: 'abcdef' })).toEqual({
      ok: false,
      message: MSG.newPasswordSame,
    });
    expect(
      check(changePasswordSchema, {
        oldPassword: 'abcdef',
        currentPassword: 'abcdef',
        newPassword: 'ghijkl',
      }),
    ).toEqual({
      ok: true,
      data: { currentPassword: 'abcdef', newPassword: 'ghijkl' },
    });
  });
});
