import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { DEFAULT_SITE_TITLE } from './constants.ts';
import { MSG } from './messages.ts';

/**
 * How hard a new password is to guess, estimated by zxcvbn (docs/adr/0022): the same verdict on
 * the server, which refuses with it, and in the password forms, which show it as one types.
 * Its dictionaries are large, so this module is an entry of its own
 * (`@app/shared/password-strength`): the gateway and the forms import it only when a password
 * is set, and it never reaches a page without a password form.
 */

/** zxcvbn's score from 0 to 4: below this a password falls to a guesser's first tries. */
export const PASSWORD_MIN_SCORE = 2;

/**
 * The account the password is for: the words a guesser tries first after the common ones.
 * Any may be missing (a form that does not know them yet).
 */
export type PasswordOwner = {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

let estimator: ZxcvbnFactory | undefined;

/**
 * Built on first use (ranking the dictionaries takes a moment). Only the first 64 characters
 * are estimated and at most 8 look-alike substitutions tried: the estimate's time grows fast
 * with both, and a longer password whose start is weak is still refused.
 */
const estimate = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    maxLength: 64,
    l33tMaxSubstitutions: 8,
  }));

/**
 * The account's own words and the site's name, lower-cased: each whole, without its
 * separators, and its parts of three characters or more ("asha.verma@example.com" gives the
 * address, its local part, "asha" and "verma"...).
 */
export function passwordOwnWords(owner: PasswordOwner, siteTitle?: string): string[] {
  const local = owner.email?.split('@')[0];
  const texts = [
    owner.username,
    owner.firstName,
    owner.lastName,
    owner.email,
    local,
    DEFAULT_SITE_TITLE,
    siteTitle,
  ];
  const words = new Set<string>();
  for (const text of texts) {
    const whole = text?.trim().toLowerCase();
    if (!whole) continue;
    words.add(whole);
    words.add(whole.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  words.delete('');
  return [...words];
}

/**
 * What is wrong with a new password that passed the schema (length, not blank), if anything:
 * it is guessed too soon, given the common passwords and words and the owner's own words.
 * Spaces around it are no protection, so it is judged without them.
 */
export function passwordStrengthIssue(
  password: string,
  owner: PasswordOwner,
  siteTitle?: string,
): string | undefined {
  const { score } = estimate().check(password.trim(), passwordOwnWords(owner, siteTitle));
  return score < PASSWORD_MIN_SCORE ? MSG.passwordTooWeak : undefined;
}
