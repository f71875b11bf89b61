import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { exceedsDepth, multiLineText, singleLineText } from '../validation.ts';
import { EMAIL_PATTERN } from './auth.ts';
import { isUuid } from './params.ts';
import { NOTIFICATION_TYPES } from './wallet.ts';

/**
 * Admin-sent notifications (admin-side §2 Send notifications, §5, §9). The request carries the
 * form's own text (lists and JSON as typed), so the web form and the route check the same
 * object; `toBroadcastRequest` turns it into what the gateway sends.
 */

export const BROADCAST_AUDIENCES = ['user', 'userIds', 'emails', 'role', 'all'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/**
 * Recipients up to which a send is done within the request (default; the gateway's
 * BROADCAST_SYNC_MAX changes it). Above it a workers job creates the notifications in batches.
 */
export const BROADCAST_SYNC_MAX = 1000;
export const BROADCAST_TITLE_MAX = 200;

/** A recipient list as typed: entries split on white space, commas, semicolons and newlines. */
export function splitRecipientList(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(/[\s,;]+/).filter((entry) => entry !== ''))];
}

/**
 * The data field: empty means {}; otherwise a JSON object (arrays and scalars are not a
 * notification's data), or undefined when it is not one.
 */
export function parseBroadcastData(text: string | undefined): Record<string, unknown> | undefined {
  if (!text || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (exceedsDepth(value)) return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** POST /api/admin/notifications. Only the field of the chosen audience is read. */
export const broadcastBodySchema = z
  .strictObject({
    audience: z.enum(BROADCAST_AUDIENCES, { error: MSG.invalidInput }),
    /** audience 'user': one username, email or user id. */
    user: singleLineText().trim().max(320).optional(),
    /** audience 'user': the user's id, under the spec's name (the same as `user` with an id). */
    userId: singleLineText().trim().max(320).optional(),
    /** audience 'userIds': ids split on white space, commas, semicolons and newlines. */
    userIds: multiLineText().optional(),
    /** audience 'emails': emails, split the same way. */
    emails: multiLineText().optional(),
    /** audience 'role'. */
    role: z.enum(ROLES, { error: MSG.broadcastRoleRequired }).optional(),
    type: z.enum(NOTIFICATION_TYPES, { error: MSG.invalidInput }),
    title: singleLineText(MSG.titleRequired)
      .trim()
      .min(1, MSG.titleRequired)
      .max(BROADCAST_TITLE_MAX, MSG.textTooLong),
    body: multiLineText().optional(),
    /** A JSON object as text; empty means {}. */
    data: multiLineText().optional(),
  })
  .superRefine((value, ctx) => {
    // INTEGRITY: a credit is announced by the balance adjustment that made it, never by hand.
    if (value.type === 'credit') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: MSG.broadcastCreditRefused });
    }
    if (value.audience === 'user') {
      if (!value.user && !value.userId) {
        ctx.addIssue({ code: 'custom', path: ['user'], message: MSG.broadcastUserRequired });
      } else if (value.user && value.userId && value.user !== value.userId) {
        // Two different recipients for one: refused rather than one of them chosen.
        ctx.addIssue({ code: 'custom', path: ['userId'], message: MSG.invalidInput });
      } else if (!value.user && value.userId && !isUuid(value.userId)) {
        ctx.addIssue({ code: 'custom', path: ['userId'], message: MSG.broadcastUserIdInvalid });
      }
    }
    if (value.audience === 'userIds') {
      const ids = splitRecipientList(value.userIds);
      if (ids.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['userIds'], message: MSG.broadcastListRequired });
      } else if (!ids.every(isUuid)) {
        ctx.addIssue({ code: 'custom', path: ['userIds'], message: MSG.broadcastUserIdInvalid });
      }
    }
    if (value.audience === 'emails') {
      const emails = splitRecipientList(value.emails);
      if (emails.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['emails'], message: MSG.broadcastListRequired });
      } else if (!emails.every((email) => EMAIL_PATTERN.test(email))) {
        ctx.addIssue({ code: 'custom', path: ['emails'], message: MSG.adminEmailInvalid });
      }
    }
    if (value.audience === 'role' && !value.role) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: MSG.broadcastRoleRequired });
    }
    if (parseBroadcastData(value.data) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: MSG.invalidJson });
    }
  });
export type BroadcastBody = z.input<typeof broadcastBodySchema>;

/** Who a checked body addresses. */
export type BroadcastAudienceTarget =
  | { audience: 'user'; user: string }
  | { audience: 'userIds'; ids: string[] }
  | { audience: 'emails'; emails: string[] }
  | { audience: 'role'; role: (typeof ROLES)[number] }
  | { audience: 'all' };

export type BroadcastRequest = {
  target: BroadcastAudienceTarget;
  message: {
    type: Exclude<(typeof NOTIFICATION_TYPES)[number], 'credit'>;
    title: string;
    body: string;
    data: Record<string, unknown>;
  };
};

type CheckedBody = z.output<typeof broadcastBodySchema>;

function targetOf(body: CheckedBody): BroadcastAudienceTarget {
  switch (body.audience) {
    case 'user':
      return { audience: 'user', user: body.user || body.userId || '' };
    case 'userIds':
      return { audience: 'userIds', ids: splitRecipientList(body.userIds).map((id) => id.toLowerCase()) };
    case 'emails':
      return { audience: 'emails', emails: splitRecipientList(body.emails).map((e) => e.toLowerCase()) };
    case 'role':
      return { audience: 'role', role: body.role ?? 'user' };
    default:
      return { audience: 'all' };
  }
}

/** A body `broadcastBodySchema` accepted, as the audience and the message. */
export function toBroadcastRequest(body: CheckedBody): BroadcastRequest {
  const { type } = body;
  // The schema refuses it; checked again so the message's type says so.
  if (type === 'credit') throw new Error('credit notices are refused by broadcastBodySchema');
  return {
    target: targetOf(body),
    message: { type, title: body.title, body: body.body ?? '', data: parseBroadcastData(body.data) ?? {} },
  };
}

/** Done within the request. */
export const broadcastSentResponseSchema = z.object({
  recipients: z.number().int(),
  created: z.number().int(),
});
/** Handed to the workers (202). */
export const broadcastQueuedResponseSchema = z.object({
  recipients: z.number().int(),
  jobId: z.string(),
});
/** Either answer of POST /api/admin/notifications. */
export const broadcastResponseSchema = z.union([broadcastSentResponseSchema, broadcastQueuedResponseSchema]);
export type BroadcastResponse = z.infer<typeof broadcastResponseSchema>;

export const BROADCAST_JOB_ID_PATTERN = /^broadcast-[0-9a-f-]{36}$/;
export const broadcastJobParamsSchema = z.object({
  id: z.string().regex(BROADCAST_JOB_ID_PATTERN, MSG.notFound),
});

export const BROADCAST_JOB_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
/** GET /api/admin/notifications/jobs/{id}: how far a queued send is. */
export const broadcastJobResponseSchema = z.object({
  jobId: z.string(),
  state: z.enum(BROADCAST_JOB_STATES),
  /** Recipients counted when the send was accepted. */
  recipients: z.number().int(),
  /** Users gone through so far (the final "Sent to N user(s)"). */
  processed: z.number().int(),
  created: z.number().int(),
});
export type BroadcastJob = z.infer<typeof broadcastJobResponseSchema>;
