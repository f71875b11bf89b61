import { z } from 'zod';
import { MSG } from '../messages.ts';
import { authResponseSchema } from './user.ts';

/** How many recovery codes a setup gives; each signs in once in place of a TOTP code. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from an authenticator app (RFC 6238, six digits). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as it is shown (`ABCD-EFGH-JKLM-NPQR`, base32) once spaces and dashes are gone. */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{16}$/;

/** Spaces and dashes out, upper case: how a typed code is compared. */
export const normalizeTwoFactorCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const normalized = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? normalizeTwoFactorCode(v) : ''), z.string().max(64, message));

/** A TOTP code or a recovery code (sign-in, turning it off). */
export const twoFactorCodeSchema = normalized(MSG.twoFactorCodeInvalid).refine(
  (code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
  MSG.twoFactorCodeInvalid,
);

/** Turning it on proves the app holds the secret: a TOTP code only. */
export const twoFactorEnableSchema = z.object({
  code: normalized(MSG.twoFactorCodeRequired).refine(
    (code) => TOTP_CODE_PATTERN.test(code),
    MSG.twoFactorCodeRequired,
  ),
});
export type TwoFactorEnableBody = z.output<typeof twoFactorEnableSchema>;

/** The second step of a sign-in: the challenge the password step answered, and a code. */
export const twoFactorVerifySchema = z.object({
  challenge: z
    .string({ error: MSG.twoFactorChallengeExpired })
    .min(1, MSG.twoFactorChallengeExpired)
    .max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorVerifyBody = z.output<typeof twoFactorVerifySchema>;

export const twoFactorDisableSchema = z.object({
  password: z.preprocess(
    (v) => v ?? '',
    z.string({ error: MSG.twoFactorPasswordRequired }).min(1, MSG.twoFactorPasswordRequired).max(256),
  ),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableBody = z.output<typeof twoFactorDisableSchema>;

/** A started setup: what the authenticator app needs, and the recovery codes, shown this once. */
export const twoFactorSetupResponseSchema = z.object({
  /** `otpauth://totp/…`, shown as a QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing it into the app by hand. */
  secret: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Staff accounts must have it on before any staff route answers them. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * What the password step of a sign-in answers: a session (as before; for staff without
 * two-factor sign-in, flagged so the web leads them to its setup), or, with two-factor sign-in
 * on, a short-lived challenge to send with a code to POST /api/auth/2fa/verify.
 */
export const loginResponseSchema = z.union([
  authResponseSchema.extend({ twoFactorSetupRequired: z.boolean().optional() }),
  z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
