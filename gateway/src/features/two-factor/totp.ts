import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { normalizeTwoFactorCode, RECOVERY_CODE_COUNT } from '@app/shared';
import { generateSecret, generateURI, verifySync } from 'otplib';

/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, six digits, 30-second steps) through
 * otplib. A code of the step before or after the current one is accepted too (a phone's clock
 * a little off, a code typed as it changed); the caller stores the step a code was accepted at
 * and passes it back, so a code is never accepted twice, nor one older than the last.
 */
const TOLERANCE_SECONDS = 30;

/** The name the authenticator app lists the account under. */
export const ISSUER = 'CoinPulse';

/** A new secret: 20 random bytes, base32 (what the apps take by hand and in the URI). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` URI a QR code carries, labelled with the account's username. */
export const otpauthUri = (secret: string, username: string): string =>
  generateURI({ issuer: ISSUER, label: username, secret });

/** The time step the code belongs to when it is right and newer than `afterTimeStep`. */
export function acceptedTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): number | undefined {
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // TOTP results carry the step (the union type also covers HOTP's).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Recovery codes as shown once: 80 random bits each, base32 in groups of four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (generateSecret({ length: 10 }).match(/.{4}/g) ?? []).join('-'),
  );
}

/**
 * What is stored of a recovery code. 80 random bits need no slow hash: SHA-256 of the code as
 * typed once spaces and dashes are gone and letters are upper case.
 */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normalizeTwoFactorCode(code)).digest('hex');

/**
 * Encrypts TOTP secrets at rest: AES-256-GCM, the user's id as associated data (a secret
 * copied to another user's row does not decrypt). The key is TOTP_ENC_KEY when set, else
 * derived from JWT_SECRET; changing whichever is in use makes every stored secret unreadable.
 */
export type SecretBox = {
  seal: (userId: string, secret: string) => string;
  open: (userId: string, sealed: string) => string;
};

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'two-factor', 'totp-secret', 32));
  return {
    seal(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
