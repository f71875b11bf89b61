import { z } from 'zod';
import { COUNTRY, PASSWORD_MIN, REFERRAL_KEY_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { singleLineText } from '../validation.ts';

/** A required one-line text field: absent, null or blank all give the same message. */
const required = (message: string) =>
  z.preprocess((v) => (v == null ? '' : v), singleLineText(message).trim().min(1, message));

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const REFERRAL_PATTERN = new RegExp(`^[A-Z0-9]{${REFERRAL_KEY_LENGTH}}$`);

/**
 * What is wrong with a password of an acceptable length that the schema can tell: only white
 * space. How easy it is to guess is the estimator's verdict (`passwordStrengthIssue` in
 * `@app/shared/password-strength`, docs/adr/0022), which needs the account's own words and
 * dictionaries too large for every page: each service that sets a password asks it after the
 * schema, and the password forms as one types.
 */
export function passwordWeakness(password: string): string | undefined {
  if (password.trim() === '') return MSG.passwordBlank;
  return undefined;
}

/**
 * A new password: required, at least PASSWORD_MIN characters, at most 128, not only white
 * space. The messages for a missing and a short one are the form's own (the spec words them
 * differently per form).
 */
export const newPasswordRule = (messages: { required: string; tooShort: string }) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string({ error: messages.required })
      .min(1, messages.required)
      .min(PASSWORD_MIN, messages.tooShort)
      .max(128, messages.required)
      .superRefine((password, ctx) => {
        const weakness = password.length >= PASSWORD_MIN ? passwordWeakness(password) : undefined;
        if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
      }),
  );

/**
 * Registration, checked in the spec's order (user-side §5): username, email, referral key,
 * then the remaining required fields. Object keys are validated in declaration order, so the
 * first issue is the message to show.
 */
export const registerSchema = z.object({
  username: z.preprocess(
    (v) => v ?? '',
    singleLineText(MSG.usernameInvalid).trim().regex(USERNAME_PATTERN, MSG.usernameInvalid),
  ),
  email: z.preprocess(
    (v) => v ?? '',
    singleLineText(MSG.emailInvalid)
      .trim()
      .toLowerCase()
      .max(254, MSG.emailInvalid)
      .regex(EMAIL_PATTERN, MSG.emailInvalid),
  ),
  referral: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')),
    singleLineText(MSG.referralInvalid).regex(REFERRAL_PATTERN, MSG.referralInvalid),
  ),
  firstName: required(MSG.requiredFields).pipe(z.string().max(50, MSG.requiredFields)),
  lastName: required(MSG.requiredFields).pipe(z.string().max(50, MSG.requiredFields)),
  password: newPasswordRule({ required: MSG.requiredFields, tooShort: MSG.passwordTooShort }),
  country: z.literal(COUNTRY).default(COUNTRY).catch(COUNTRY),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterBody = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  identifier: required(MSG.loginRequired),
  password: z.preprocess((v) => v ?? '', z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired)),
});
export type LoginBody = z.output<typeof loginSchema>;

/** The spec's client sends the current password as both oldPassword and currentPassword. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().optional(),
    currentPassword: z.string().optional(),
    newPassword: z.string().optional(),
  })
  .transform((v, ctx) => {
    const current = v.currentPassword || v.oldPassword || '';
    const next = v.newPassword ?? '';
    if (!current || !next) {
      ctx.addIssue({ code: 'custom', message: MSG.changePasswordBoth, path: ['newPassword'] });
      return z.NEVER;
    }
    if (next.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', message: MSG.newPasswordTooShort, path: ['newPassword'] });
      return z.NEVER;
    }
    if (next === current) {
      ctx.addIssue({ code: 'custom', message: MSG.newPasswordSame, path: ['newPassword'] });
      return z.NEVER;
    }
    const weakness = passwordWeakness(next);
    if (weakness) {
      ctx.addIssue({ code: 'custom', message: weakness, path: ['newPassword'] });
      return z.NEVER;
    }
    return { currentPassword: current, newPassword: next };
  });
export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export const profileSchema = z.object({
  firstName: required(MSG.profileNamesRequired).pipe(z.string().max(50, MSG.profileNamesRequired)),
  lastName: required(MSG.profileNamesRequired).pipe(z.string().max(50, MSG.profileNamesRequired)),
});
export type ProfileBody = z.output<typeof profileSchema>;

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const bankSchema = z.object({
  accountHolderName: required(MSG.bankFieldsRequired).pipe(z.string().max(100, MSG.bankFieldsRequired)),
  bankAccountNumber: required(MSG.bankFieldsRequired).pipe(
    z.string().regex(/^\d{9,18}$/, MSG.bankAccountInvalid),
  ),
  ifscCode: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')),
    singleLineText(MSG.bankFieldsRequired)
      .min(1, MSG.bankFieldsRequired)
      .regex(IFSC_PATTERN, MSG.ifscInvalid),
  ),
  bankName: required(MSG.bankFieldsRequired).pipe(z.string().max(100, MSG.bankFieldsRequired)),
});
export type BankBody = z.output<typeof bankSchema>;
