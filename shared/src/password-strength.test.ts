import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { passwordOwnWords, passwordStrengthIssue } from './password-strength.ts';

const owner = { username: 'asha_v', firstName: 'Asha', lastName: 'Verma', email: 'asha.verma@example.com' };

describe('passwordStrengthIssue', () => {
  it.each([
    'aaaaaa',
    'abcdef',
    'zzzzzzzz',
    'asha_v',
    'coinpulse',
    'CoinPulse123',
    'Passw0rd!',
    '123456',
    'password',
    ' qwerty ',
    'iloveyou',
    'qwerty123',
  ])('refuses %j, which a guesser tries first, with one message', (password) => {
    expect(passwordStrengthIssue(password, owner)).toBe(MSG.passwordTooWeak);
  });

  it("refuses the account's own words, which the common lists do not hold", () => {
    const words = ['Quokkabrandt', 'quokkabrandt77'];
    for (const password of words) expect(passwordStrengthIssue(password, {})).toBeUndefined();
    for (const password of words)
      expect(passwordStrengthIssue(password, { lastName: 'Quokkabrandt' })).toBe(MSG.passwordTooWeak);
    expect(passwordStrengthIssue('zephyrine.q', { email: 'zephyrine.q@example.com' })).toBe(
      MSG.passwordTooWeak,
    );
  });

  it("refuses the site's configured title as it refuses its default name", () => {
    expect(passwordStrengthIssue('Moonwhistle99', {})).toBeUndefined();
    expect(passwordStrengthIssue('Moonwhistle99', {}, 'Moon Whistle')).toBe(MSG.passwordTooWeak);
  });

  it('accepts a passphrase and a password of mixed parts', () => {
    for (const password of ['correct horse battery staple', 'tidal-Quokka-41', 'my long pass phrase'])
      expect(passwordStrengthIssue(password, owner)).toBeUndefined();
  });

  it('refuses a long password whose start is weak, within a bounded time', () => {
    const start = performance.now();
    expect(passwordStrengthIssue('a'.repeat(128), owner)).toBe(MSG.passwordTooWeak);
    expect(passwordStrengthIssue(`${'x7#Kq-9!'.repeat(16)}`, owner)).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});

describe('passwordOwnWords', () => {
  it("gives each of the account's texts whole, joined and in parts, with the site's names", () => {
    const words = passwordOwnWords(owner, 'Coin Pulse Pro');
    for (const word of [
      'asha_v',
      'ashav',
      'asha',
      'verma',
      'asha.verma@example.com',
      'asha.verma',
      'ashaverma',
      'example',
      'coinpulse',
      'coin pulse pro',
      'coinpulsepro',
      'pulse',
    ])
      expect(words).toContain(word);
    expect(words).not.toContain('');
  });
});
