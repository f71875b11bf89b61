import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { check } from '../validation.ts';
import {
  changePasswordSchema,
  loginSchema,
  newPasswordRule,
  passwordWeakness,
  registerSchema,
} from './auth.ts';

const valid = {
  username: 'trader_1',
  email: 'a@b.co',
  referral: 'abcd1234',
  firstName: 'A',
  lastName: 'B',
  password: 'violet-Canyon-35',
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

describe('the new-password rule', () => {
  it('refuses a password of only spaces, at sign-up and on a password change', () => {
    for (const password of ['      ', ' '.repeat(20), '\t \t   ']) {
      expect(check(registerSchema, { ...valid, password })).toEqual({
        ok: false,
        message: MSG.passwordBlank,
      });
      expect(check(changePasswordSchema, { currentPassword: 'abcdef', newPassword: password })).toEqual({
        ok: false,
        message: MSG.passwordBlank,
      });
    }
  });

  it('keeps the length rule first: a short password is too short, not blank', () => {
    expect(check(registerSchema, { ...valid, password: '   ' })).toEqual({
      ok: false,
      message: MSG.passwordTooShort,
    });
    expect(check(registerSchema, { ...valid, password: '12345' })).toEqual({
      ok: false,
      message: MSG.passwordTooShort,
    });
    expect(check(changePasswordSchema, { currentPassword: 'abcdef', newPassword: '1234' })).toEqual({
      ok: false,
      message: MSG.newPasswordTooShort,
    });
  });

  it('accepts a password with spaces inside, and six characters that are not blank', () => {
    expect(check(registerSchema, { ...valid, password: 'my long pass phrase' }).ok).toBe(true);
    expect(check(registerSchema, { ...valid, password: ' x7#kq ' }).ok).toBe(true);
    expect(passwordWeakness('correct horse battery staple')).toBeUndefined();
  });

  it('gives the form its own messages for a missing and a short password', () => {
    const rule = newPasswordRule({ required: 'need it', tooShort: 'too short' });
    expect(check(rule, undefined)).toEqual({ ok: false, message: 'need it' });
    expect(check(rule, 'abc')).toEqual({ ok: false, message: 'too short' });
    expect(check(rule, 'x'.repeat(129))).toEqual({ ok: false, message: 'need it' });
    expect(check(rule, 'fine-pass-9')).toEqual({ ok: true, data: 'fine-pass-9' });
  });
});
