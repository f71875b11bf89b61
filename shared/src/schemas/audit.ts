import { z } from 'zod';
import { DEFAULT_ADMIN_PAGE_SIZE, PAGE_SIZE_OPTIONS, ROLES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { calendarDay, istDayEnd, istDayStart, pageQuery } from '../validation.ts';
import { uuidSchema } from './params.ts';

/**
 * The audit trail (admin-side, INTEGRITY §4): every admin and superadmin write, who did it, to
 * what, before and after, and why. Admins read it at /api/admin/audit; a user reads the actions
 * on their own account at /api/user/me/admin-actions, without the admin's identity.
 */

/**
 * The action names the platform writes (`<target>.<verb>`), for the screen's filter and the
 * labels. The filter also takes a name not listed here, as long as it has that form.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'admin.create',
  'user.update',
  'user.role_change',
  'user.ban',
  'user.unban',
  'user.password_set',
  'user.password_reset',
  'user.unlock',
  'user.two_factor_setup',
  'user.two_factor_on',
  'user.two_factor_off',
  'user.recovery_code_used',
  'user.hold',
  'user.balance_adjust',
  'user.reputation_set',
  'topup.approve',
  'topup.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'trade.cancel',
  'trade_setting.create',
  'trade_setting.update',
  'trade_setting.delete',
  'risk_limits.update',
  'coin.create',
  'coin.update',
  'coin.delete',
  'referral_key.create',
  'referral_key.update',
  'site.update',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), MSG.invalidInput)
  .default(DEFAULT_ADMIN_PAGE_SIZE)
  .catch(DEFAULT_ADMIN_PAGE_SIZE);

const filterFields = {
  /** The admin who acted. */
  actor: optional(uuidSchema),
  /** The user account the action concerns. */
  user: optional(uuidSchema),
  action: optional(z.string().trim().regex(AUDIT_ACTION_PATTERN, MSG.invalidInput)),
  from: optional(calendarDay()),
  to: optional(calendarDay()),
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const rangeIssue = { message: MSG.dateRangeInvalid, path: ['to'] };

/** The audit screen's filter form: the query's rules, days as typed. */
export const auditFilterSchema = z.strictObject(filterFields).refine(rangeInOrder, rangeIssue);
export type AuditFilter = z.output<typeof auditFilterSchema>;

/**
 * GET /api/admin/audit. `from` and `to` are India-time days, both whole (`to` ends at its
 * midnight); a filter that is given but malformed is refused, never ignored.
 */
export const auditQuerySchema = z
  .strictObject({ page: pageQuery, limit: pageSize, ...filterFields })
  .refine(rangeInOrder, rangeIssue)
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    from: from ? istDayStart(from) : undefined,
    to: to ? istDayEnd(to) : undefined,
  }));
export type AuditQuery = z.output<typeof auditQuerySchema>;

const personSchema = z.object({ id: z.string(), username: z.string(), role: z.enum(ROLES) });

/** One row of the admin's audit screen. */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** null for a system action, or an actor whose account no longer exists. */
  actor: personSchema.nullable(),
  actorRole: z.enum(ROLES).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The user account the action concerns (a top-up's, withdrawal's or trade's owner too). */
  user: personSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});

export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** GET /api/user/me/admin-actions. */
export const myAdminActionsQuerySchema = z.strictObject({ page: pageQuery, limit: pageSize });

/**
 * An admin action on the user's own account, as the user sees it: what, when and why, never
 * who (no actor id, name or role, no address or request id).
 */
export const myAdminActionSchema = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  reason: z.string().nullable(),
});
export type MyAdminAction = z.infer<typeof myAdminActionSchema>;

export const myAdminActionsResponseSchema = z.object({
  items: z.array(myAdminActionSchema),
  pagination: paginationSchema,
});
export type MyAdminActionsResponse = z.infer<typeof myAdminActionsResponseSchema>;
