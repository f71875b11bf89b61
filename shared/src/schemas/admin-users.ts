import { z } from 'zod';
import { DEFAULT_ADMIN_PAGE_SIZE, REPUTATION_MAX, ROLES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { multiLineText, pageQuery, rupeeAmount, singleLineText } from '../validation.ts';
import { EMAIL_PATTERN, IFSC_PATTERN, newPasswordRule } from './auth.ts';
import { uuidSchema } from './params.ts';
import { responsibleTradingSchema } from './responsible-trading.ts';
import { publicUserSchema } from './user.ts';

/** The admin users screen (admin-side §3, §5): list, detail, edits, bans, passwords, balance. */

export const ADMIN_USERS_PAGE_SIZE = DEFAULT_ADMIN_PAGE_SIZE;
export const ADMIN_USERS_MAX_LIMIT = 100;
/** The reason of a reputation change when the admin gives none (the spec's client sends this). */
export const REPUTATION_ADJUST_DEFAULT_REASON = 'admin set';
export const BALANCE_ADJUSTMENT_TYPES = ['credit', 'debit'] as const;
export type BalanceAdjustmentType = (typeof BALANCE_ADJUSTMENT_TYPES)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// ---- list and export ----------------------------------------------------------------------------

/** GET /api/admin/users and /api/admin/users/export.csv: search over username, email and name. */
export const adminUsersQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, singleLineText().trim().max(100).optional()),
  page: pageQuery,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_LIMIT)
    .default(ADMIN_USERS_PAGE_SIZE)
    .catch(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** One row of the users table. Money in rupees. */
export const adminUserRowSchema = publicUserSchema
  .pick({
    id: true,
    firstName: true,
    lastName: true,
    username: true,
    email: true,
    country: true,
    role: true,
    isAdmin: true,
    balance: true,
    freezAmount: true,
    banned: true,
    createdAt: true,
  })
  .extend({
    /** Funds on hold: the row is styled as frozen. */
    frozen: z.boolean(),
    /** Real-money trades, any status. */
    trades: z.number().int(),
  });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

// ---- detail -------------------------------------------------------------------------------------

/**
 * The detail modal's cards (admin-side §4), real account only. deposits: credits of type recharge
 * or admin_adjustment; withdrawals: withdrawal debits less the returns of rejected ones;
 * transactions: the number of entries on the real balance. Trades count real-money trades.
 */
export const adminUserStatsSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  transactions: z.number().int(),
  totalTrades: z.number().int(),
  winTrades: z.number().int(),
  lossTrades: z.number().int(),
  drawTrades: z.number().int(),
});
export type AdminUserStats = z.infer<typeof adminUserStatsSchema>;

export const adminUserDetailSchema = publicUserSchema.extend({
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  /** Sign-in refused after too many failed attempts, until an unlock or the lock's end. */
  loginLocked: z.boolean(),
  stats: adminUserStatsSchema,
  /** The user's own limits, cool-off and self-exclusion: shown, never changed by an admin. */
  responsibleTrading: responsibleTradingSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserDetailResponseSchema = z.object({ user: adminUserDetailSchema });
export const adminUserMessageResponseSchema = z.object({ user: adminUserDetailSchema, message: z.string() });
export type AdminUserMessageResponse = z.infer<typeof adminUserMessageResponseSchema>;

// ---- edit ---------------------------------------------------------------------------------------

const name = singleLineText(MSG.nameRequired)
  .trim()
  .min(1, MSG.nameRequired)
  .max(50, MSG.nameRequired)
  .optional();

/** A bank field: blank clears it (null). */
const bankText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    singleLineText(message).max(max, message).nullable().optional(),
  );

/**
 * PUT /api/admin/users/{id}. The spec's willWin, creditScore and freezAmount are not fields
 * (INTEGRITY 1, 3: holds have their own route with a reason), so a body carrying them is refused.
 * `role` only from a superadmin; isAdmin follows from it and is never sent.
 */
export const adminUserUpdateSchema = z.strictObject({
  firstName: name,
  lastName: name,
  email: singleLineText(MSG.adminEmailInvalid)
    .trim()
    .toLowerCase()
    .max(254, MSG.adminEmailInvalid)
    .regex(EMAIL_PATTERN, MSG.adminEmailInvalid)
    .optional(),
  hasReferral: z.boolean({ error: MSG.invalidInput }).optional(),
  role: z.enum(ROLES, { error: MSG.invalidInput }).optional(),
  accountHolderName: bankText(100, MSG.bankFieldsRequired),
  bankAccountNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MSG.bankAccountInvalid })
      .regex(/^\d{9,18}$/, MSG.bankAccountInvalid)
      .nullable()
      .optional(),
  ),
  bankName: bankText(100, MSG.bankFieldsRequired),
  ifscCode: z.preprocess(
    (v) =>
      typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim().toUpperCase() : v,
    z.string({ error: MSG.ifscInvalid }).regex(IFSC_PATTERN, MSG.ifscInvalid).nullable().optional(),
  ),
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdateBody = z.output<typeof adminUserUpdateSchema>;

// ---- ban ----------------------------------------------------------------------------------------

/** POST /api/admin/users/{id}/ban. */
export const banBodySchema = z.strictObject({
  reason: z.preprocess(
    (v) => v ?? '',
    multiLineText(MSG.banReasonRequired).trim().min(1, MSG.banReasonRequired).max(500, MSG.banReasonRequired),
  ),
});
export type BanBody = z.output<typeof banBodySchema>;

// ---- password -----------------------------------------------------------------------------------

/** The new password an admin sets: the shared password rule, with the admin form's messages. */
export const adminNewPassword = newPasswordRule({
  required: MSG.passwordTooShort,
  tooShort: MSG.passwordTooShort,
});

/** PUT /api/admin/users/{id}/password. */
export const adminSetPasswordSchema = z.strictObject({ newPassword: adminNewPassword });
export type AdminSetPasswordBody = z.output<typeof adminSetPasswordSchema>;

/**
 * The Change Password dialog, in the spec's order: both fields, length, match. What it sends is
 * `{ newPassword }`, checked again by adminSetPasswordSchema.
 */
export const adminPasswordFormSchema = z
  .object({ newPassword: z.string().optional(), confirmPassword: z.string().optional() })
  .transform((v, ctx) => {
    const next = v.newPassword ?? '';
    const confirm = v.confirmPassword ?? '';
    if (!next || !confirm) {
      ctx.addIssue({ code: 'custom', message: MSG.newPasswordTwice, path: ['newPassword'] });
      return z.NEVER;
    }
    const checked = adminNewPassword.safeParse(next);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? MSG.passwordTooShort;
      ctx.addIssue({ code: 'custom', message, path: ['newPassword'] });
      return z.NEVER;
    }
    if (next !== confirm) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
      return z.NEVER;
    }
    return { newPassword: checked.data };
  });

// ---- reputation ---------------------------------------------------------------------------------

/** POST /api/reputation/admin/adjust: `setTo` is rounded and clamped to 0-100. */
export const reputationAdjustSchema = z.strictObject({
  userId: uuidSchema,
  setTo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: MSG.validNumber })
      .refine(Number.isFinite, MSG.validNumber)
      .transform((n) => Math.min(REPUTATION_MAX, Math.max(0, Math.round(n)))),
  ),
  reason: z.preprocess(
    (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? REPUTATION_ADJUST_DEFAULT_REASON : v),
    multiLineText(MSG.invalidInput).trim().max(500, MSG.invalidInput),
  ),
});
export type ReputationAdjustBody = z.output<typeof reputationAdjustSchema>;
export const reputationAdjustResponseSchema = z.object({
  message: z.string(),
  reputationPoints: z.number().int(),
});

// ---- balance adjustments ------------------------------------------------------------------------

const amountRule = rupeeAmount(MSG.tradeAmountInvalid);

/**
 * POST /api/admin/users/{id}/balance-adjustments, in the spec's order: amount and remark
 * required, then a valid amount (> 0, whole paise). Whether a debit fits the balance is the
 * ledger's answer ('Cannot deduct below zero.').
 */
export const balanceAdjustmentSchema = z
  .strictObject({
    type: z.enum(BALANCE_ADJUSTMENT_TYPES, { error: MSG.invalidInput }),
    amount: z.union([z.number(), z.string()], { error: MSG.tradeAmountInvalid }).optional(),
    remarks: multiLineText(MSG.adjustmentRequired).optional(),
  })
  .transform((v, ctx) => {
    const remarks = (v.remarks ?? '').trim();
    const amountBlank = v.amount === undefined || (typeof v.amount === 'string' && v.amount.trim() === '');
    if (amountBlank || !remarks) {
      ctx.addIssue({
        code: 'custom',
        message: MSG.adjustmentRequired,
        path: [amountBlank ? 'amount' : 'remarks'],
      });
      return z.NEVER;
    }
    const amount = amountRule.safeParse(v.amount);
    if (!amount.success) {
      ctx.addIssue({ code: 'custom', message: MSG.tradeAmountInvalid, path: ['amount'] });
      return z.NEVER;
    }
    if (remarks.length > 500) {
      ctx.addIssue({ code: 'custom', message: MSG.adjustmentRequired, path: ['remarks'] });
      return z.NEVER;
    }
    return { type: v.type, amount: amount.data, remarks };
  });
export type BalanceAdjustmentInput = z.input<typeof balanceAdjustmentSchema>;
export type BalanceAdjustmentBody = z.output<typeof balanceAdjustmentSchema>;

export const balanceAdjustmentResponseSchema = z.object({
  message: z.string(),
  /** The real balance right after the entry, rupees. */
  balance: z.number(),
  entryId: z.string(),
  /** True for a retry with the same Idempotency-Key: nothing moved this time. */
  replayed: z.boolean(),
});
export type BalanceAdjustmentResponse = z.infer<typeof balanceAdjustmentResponseSchema>;
