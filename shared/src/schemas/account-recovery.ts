import { z } from 'zod';
import { MSG } from '../messages.ts';
import { singleLineText } from '../validation.ts';
import { newPasswordRule } from './auth.ts';

/** What a mailed link carries: 32 random bytes, base64url. Anything else is not a token. */
const mailedToken = (message: string) =>
  z.preprocess((v) => v ?? '', z.string({ error: message }).regex(/^[A-Za-z0-9_-]{43}$/, message));

/** POST /api/auth/forgot-password: a username or an email, answered the same either way. */
export const forgotPasswordSchema = z.object({
  identifier: z.preprocess(
    (v) => v ?? '',
    singleLineText(MSG.identifierRequired)
      .trim()
      .min(1, MSG.identifierRequired)
      .max(254, MSG.identifierRequired),
  ),
});
export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the link's token and the new password (the sign-up rules). */
export const resetPasswordSchema = z.object({
  token: mailedToken(MSG.resetLinkInvalid),
  newPassword: newPasswordRule({ required: MSG.requiredFields, tooShort: MSG.newPasswordTooShort }),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;

/** POST /api/auth/verify-email: the token of the link mailed to the address. */
export const verifyEmailSchema = z.object({ token: mailedToken(MSG.verifyLinkInvalid) });
export type VerifyEmailBody = z.output<typeof verifyEmailSchema>;

/** POST /api/auth/resend-verification takes no fields. */
export const resendVerificationBodySchema = z.strictObject({}).optional();

/** The routes that take a link's token name it in the web's address, as `?token=`. */
export const ACCOUNT_LINK_PATHS = { resetPassword: '/reset-password', verifyEmail: '/verify-email' } as const;
