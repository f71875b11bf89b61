import { commonPasswordKey, MOST_COMMON_PASSWORDS, MSG, PASSWORD_MIN } from '@app/shared';
import { describe, expect, it } from 'vitest';
import list from './common-passwords.json' with { type: 'json' };
import { COMMON_PASSWORD_COUNT, isCommonPassword, refuseCommonPassword } from './password-policy.ts';

describe('the common-password list', () => {
  it('holds at least 10,000 distinct passwords, each long enough to pass the length rule', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    expect(COMMON_PASSWORD_COUNT).toBe(list.passwords.length);
    for (const p of list.passwords) {
      expect(p.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(p).toBe(commonPasswordKey(p));
    }
  });

  it("starts with the shared schema's list, so a form and the server agree on those", () => {
    expect(list.passwords.slice(0, MOST_COMMON_PASSWORDS.length)).toEqual(MOST_COMMON_PASSWORDS);
  });

  it('finds a password whatever its case and surrounding spaces, deep in the list too', () => {
    const deep = list.passwords[9_999] as string;
    expect(MOST_COMMON_PASSWORDS).not.toContain(deep);
    for (const p of ['123456', 'Password1', ' qwerty123 ', deep, deep.toUpperCase()])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['x7#kq-long-and-odd', 'correct horse battery staple'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('refuses a common password with the shared message', () => {
    expect(() => refuseCommonPassword('letmein1')).toThrow(MSG.passwordTooCommon);
    expect(() => refuseCommonPassword('x7#kq-long-and-odd')).not.toThrow();
  });
});
