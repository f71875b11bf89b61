import { commonPasswordKey, MSG } from '@app/shared';
import { badRequest } from '../../lib/errors.ts';
import list from './common-passwords.json' with { type: 'json' };

/**
 * The server's half of the password rule. The shared schema (newPasswordRule, passwordWeakness)
 * refuses short and all-space passwords and the head of the common list in every form and route;
 * the whole list, 10,000 passwords (common-passwords.json, MIT, from @zxcvbn-ts/language-common),
 * is checked here only, so it never ships in the web bundle (docs/adr/0012).
 */
const COMMON = new Set(list.passwords);

/** How many passwords the full list holds. */
export const COMMON_PASSWORD_COUNT = COMMON.size;

export const isCommonPassword = (password: string): boolean => COMMON.has(commonPasswordKey(password));

/**
 * Refuse a new password that is on the common list, with the shared message. Every route that
 * sets a password calls it after its schema: registration, password change, a password an
 * admin sets, an account a superadmin creates.
 */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(MSG.passwordTooCommon);
}
