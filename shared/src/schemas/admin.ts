import { z } from 'zod';
import { COUNTRY, DEFAULT_ADMIN_PAGE_SIZE, DEFAULT_CURRENCY, DEVICE_TYPES, ROLES } from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  calendarInstant,
  hasControlCharacters,
  pageQuery,
  singleLineText,
  wholeNumber,
} from '../validation.ts';
import { EMAIL_PATTERN, newPasswordRule } from './auth.ts';

/** A required one-line text field: absent, null or blank all give the same message. */
const required = (message: string) =>
  z.preprocess((v) => (v == null ? '' : v), singleLineText(message).trim().min(1, message));

export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,20}$/;

/** Superadmin create user / create admin, in the admin spec's order. */
export const createAccountSchema = z.object({
  firstName: required(MSG.nameRequired).pipe(z.string().max(50, MSG.nameRequired)),
  lastName: required(MSG.nameRequired).pipe(z.string().max(50, MSG.nameRequired)),
  username: z.preprocess(
    (v) => v ?? '',
    singleLineText(MSG.adminUsernameInvalid).trim().regex(ADMIN_USERNAME_PATTERN, MSG.adminUsernameInvalid),
  ),
  email: z.preprocess(
    (v) => v ?? '',
    singleLineText(MSG.adminEmailInvalid)
      .trim()
      .toLowerCase()
      .max(254, MSG.adminEmailInvalid)
      .regex(EMAIL_PATTERN, MSG.adminEmailInvalid),
  ),
  password: newPasswordRule({ required: MSG.adminPasswordTooShort, tooShort: MSG.adminPasswordTooShort }),
  country: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim() : COUNTRY),
    singleLineText(MSG.invalidInput).max(60, MSG.textTooLong),
  ),
});
export type CreateAccountBody = z.output<typeof createAccountSchema>;

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => [10, 20, 50, 100].includes(n), MSG.invalidInput);
export const pagingQuerySchema = z.object({
  page: pageQuery,
  limit: pageSize.default(DEFAULT_ADMIN_PAGE_SIZE).catch(DEFAULT_ADMIN_PAGE_SIZE),
});

// ---- referral keys ----
export const referralKeySchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string().nullable(),
  usedCount: z.number().int(),
  maxUses: z.number().int(),
  remaining: z.number().int(),
  active: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReferralKey = z.infer<typeof referralKeySchema>;

export const referralKeyListQuerySchema = pagingQuerySchema.extend({
  q: singleLineText(MSG.invalidInput).trim().max(100, MSG.textTooLong).optional(),
});
export const referralKeyListResponseSchema = z.object({
  rows: z.array(referralKeySchema),
  total: z.number().int(),
});

const maxUses = wholeNumber(MSG.maxUsesInvalid, { min: 1, max: 1_000_000 });
/** How far ahead a referral key may expire: a key is handed out for a campaign, not for ever. */
export const REFERRAL_EXPIRY_YEARS_AHEAD = 5;

/** A referral key's expiry: an instant (or day) by the calendar rule, in the future. */
const expiresAt = calendarInstant(MSG.expiryInvalid, { yearsAhead: REFERRAL_EXPIRY_YEARS_AHEAD }).refine(
  (s) => Date.parse(s) > Date.now(),
  MSG.expiryInvalid,
);

export const referralKeyCreateSchema = z.object({
  label: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
    singleLineText(MSG.invalidInput).max(100, MSG.textTooLong).optional(),
  ),
  maxUses: maxUses.default(1),
  expiresAt: z.preprocess((v) => (v === '' || v === null ? undefined : v), expiresAt.optional()),
});
export type ReferralKeyCreateBody = z.output<typeof referralKeyCreateSchema>;

export const referralKeyPatchSchema = z
  .object({ active: z.boolean().optional(), maxUses: maxUses.optional() })
  .refine((v) => v.active !== undefined || v.maxUses !== undefined, MSG.invalidInput);
export type ReferralKeyPatchBody = z.output<typeof referralKeyPatchSchema>;

// ---- login history ----
export const loginRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  userAgent: z.string(),
  ip: z.string().nullable(),
  success: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;

export const loginHistoryQuerySchema = pagingQuerySchema.extend({
  q: singleLineText(MSG.invalidInput).trim().max(100, MSG.textTooLong).optional(),
  /** a user id, or a username / email */
  user: singleLineText(MSG.invalidInput).trim().max(254, MSG.textTooLong).optional(),
  excludeRole: z.enum(ROLES).optional().catch(undefined),
});
export const loginHistoryResponseSchema = z.object({
  items: z.array(loginRecordSchema),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  }),
});

// ---- site settings ----
const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
  z.union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/, error: MSG.urlInvalid })
      .refine((url) => !hasControlCharacters(url), MSG.urlInvalid)
      .max(2048, MSG.urlInvalid),
  ]),
);
export const siteSettingsSchema = z.object({
  title: z.string(),
  currency: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsUpdateSchema = z
  .object({
    title: singleLineText(MSG.titleRequired).optional(),
    siteTitle: singleLineText(MSG.titleRequired).optional(),
    currency: z.preprocess(
      (v) => (v == null || v === '' ? DEFAULT_CURRENCY : v),
      z.literal(DEFAULT_CURRENCY, { error: MSG.currencyInvalid }),
    ),
    logoUrl: optionalUrl,
    faviconUrl: optionalUrl,
  })
  .transform((v, ctx) => {
    const title = (v.title ?? v.siteTitle ?? '').trim();
    if (!title) {
      ctx.addIssue({ code: 'custom', message: MSG.titleRequired, path: ['title'] });
      return z.NEVER;
    }
    if (title.length > 80) {
      ctx.addIssue({ code: 'custom', message: MSG.titleRequired, path: ['title'] });
      return z.NEVER;
    }
    return { title, currency: v.currency, logoUrl: v.logoUrl, faviconUrl: v.faviconUrl };
  });
export type SiteSettingsUpdateBody = z.output<typeof siteSettingsUpdateSchema>;

/** GET /api/site: public. */
export const publicSiteResponseSchema = z.object({ settings: siteSettingsSchema });

export const superOverviewSchema = z.object({
  users: z.number().int(),
  admins: z.number().int(),
  superadmins: z.number().int(),
  activeReferralKeys: z.number().int(),
  loginsLast24h: z.number().int(),
});
export type SuperOverview = z.infer<typeof superOverviewSchema>;
