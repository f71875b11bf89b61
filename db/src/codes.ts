import { randomInt } from 'node:crypto';
import { REFERRAL_KEY_ALPHABET, REFERRAL_KEY_LENGTH } from '@app/shared';

/** A referral code: 8 characters A-Z 0-9 from a CSPRNG. */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_KEY_LENGTH; i++)
    code += REFERRAL_KEY_ALPHABET[randomInt(REFERRAL_KEY_ALPHABET.length)];
  return code;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
