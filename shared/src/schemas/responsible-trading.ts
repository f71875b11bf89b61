import { z } from 'zod';
import { MSG } from '../messages.ts';
import {
  COOL_OFF_MAX_HOURS,
  COOL_OFF_MIN_HOURS,
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
} from '../responsible-trading.ts';
import { rupeeAmount } from '../validation.ts';

/**
 * A user's own responsible-trading settings: the risk disclosure, a daily loss limit, a daily
 * deposit limit, a cool-off and a self-exclusion. Money in rupees (2 decimals); "daily" is the
 * Indian day, from IST midnight.
 */

/** POST /api/user/me/disclosure: the version of the text the user read and accepted. */
export const disclosureAcceptSchema = z.strictObject(
  { version: z.number({ error: MSG.invalidInput }).int({ error: MSG.invalidInput }) },
  { error: MSG.invalidInput },
);
export type DisclosureAcceptBody = z.infer<typeof disclosureAcceptSchema>;

/** A limit as a form or a client sends it: empty or null is no limit, else the amount rule. */
const dailyLimit = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  rupeeAmount(MSG.dailyLimitInvalid).nullable(),
);

/**
 * PUT /api/user/me/limits: both limits, each null for none (a key left out is refused, so a
 * client that shows one limit cannot clear the other by accident).
 */
export const limitsUpdateSchema = z.strictObject(
  { dailyLossLimit: dailyLimit, dailyDepositLimit: dailyLimit },
  { error: MSG.invalidInput },
);
export type LimitsUpdateBody = z.output<typeof limitsUpdateSchema>;
export type LimitsUpdateForm = z.input<typeof limitsUpdateSchema>;

/** POST /api/user/me/cool-off: whole hours, from 24 hours to 6 weeks. */
export const coolOffSchema = z.strictObject(
  {
    hours: z
      .number({ error: MSG.coolOffInvalid })
      .int({ error: MSG.coolOffInvalid })
      .min(COOL_OFF_MIN_HOURS, { error: MSG.coolOffInvalid })
      .max(COOL_OFF_MAX_HOURS, { error: MSG.coolOffInvalid }),
  },
  { error: MSG.invalidInput },
);
export type CoolOffBody = z.infer<typeof coolOffSchema>;

/** POST /api/user/me/self-exclusion: whole months, 6 or more. */
export const selfExclusionSchema = z.strictObject(
  {
    months: z
      .number({ error: MSG.selfExclusionInvalid })
      .int({ error: MSG.selfExclusionInvalid })
      .min(SELF_EXCLUSION_MIN_MONTHS, { error: MSG.selfExclusionInvalid })
      .max(SELF_EXCLUSION_MAX_MONTHS, { error: MSG.selfExclusionInvalid }),
  },
  { error: MSG.invalidInput },
);
export type SelfExclusionBody = z.infer<typeof selfExclusionSchema>;

/** One daily limit as the API answers it. */
export const dailyLimitSchema = z.object({
  /** The limit in force now, rupees; null: none. */
  current: z.number().nullable(),
  /** A raise or removal waiting to apply: its value (null: no limit) and when it applies. */
  pending: z.object({ value: z.number().nullable(), appliesAt: z.string() }).nullable(),
  /** What today (the Indian day) already counts against it, rupees. */
  usedToday: z.number(),
});
export type DailyLimit = z.infer<typeof dailyLimitSchema>;

/** GET /api/user/me/limits, the other routes of this group, and the admin user detail. */
export const responsibleTradingSchema = z.object({
  disclosure: z.object({
    /** The version this user accepted, and when (ISO); null: never. */
    acceptedVersion: z.number().int().nullable(),
    acceptedAt: z.string().nullable(),
    /** The version a gated action needs now. */
    currentVersion: z.number().int(),
  }),
  dailyLossLimit: dailyLimitSchema,
  dailyDepositLimit: dailyLimitSchema,
  /** Until when (ISO) real-money trades and top-ups are paused; null when none is running. */
  coolOffUntil: z.string().nullable(),
  selfExcludedUntil: z.string().nullable(),
  /** The IST midnight today's figures count from (ISO). */
  dayStartsAt: z.string(),
});
export type ResponsibleTrading = z.infer<typeof responsibleTradingSchema>;

export const responsibleTradingResponseSchema = z.object({
  settings: responsibleTradingSchema,
  message: z.string().optional(),
});
export type ResponsibleTradingResponse = z.infer<typeof responsibleTradingResponseSchema>;
