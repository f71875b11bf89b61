import { z } from 'zod';
import { FEED_STATES } from '../market.ts';
import { referralKeySchema, siteSettingsSchema } from './admin.ts';
import { publicUserSchema } from './user.ts';

/** Answer shapes of the backbone API that the other schema files do not cover yet. */

/** PUT /api/auth/change-password: the new token keeps this session; older ones stop working. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /api/auth/2fa/enable: as a password change, the other sessions end and this one gets a new token. */
export const twoFactorEnableResponseSchema = changePasswordResponseSchema;
export type TwoFactorEnableResponse = ChangePasswordResponse;

/** PUT /api/user/me/profile, PUT /api/user/me/bank, POST /api/superadmin/create-user|create-admin. */
export const userMessageResponseSchema = z.object({ user: publicUserSchema, message: z.string() });
export type UserMessageResponse = z.infer<typeof userMessageResponseSchema>;

/** POST /api/referral-keys (201) and PATCH /api/referral-keys/:id. */
export const referralKeyResponseSchema = z.object({ key: referralKeySchema });

// GET /api/admin-stats/cards: schemas/admin-stats.ts.

/** PUT /api/superadmin/site. */
export const siteSettingsSaveResponseSchema = z.object({ settings: siteSettingsSchema, message: z.string() });

/** What `GET /api/health` can name as not working. */
export const HEALTH_PARTS = ['db', 'redis', 'market', 'workers'] as const;

/**
 * GET /api/health: 200 (`ok`) when Postgres and Redis both answer, as this gateway can serve;
 * 503 otherwise. `degraded` names every part that does not work, the market feed (not live)
 * and the workers (no heartbeat recently) included, which do not change the status code.
 */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  db: z.boolean(),
  redis: z.boolean(),
  degraded: z.array(z.enum(HEALTH_PARTS)),
  /** The feed's state as the workers last reported it; null when Redis does not answer. */
  market: z.enum(FEED_STATES).nullable(),
  /** ms since epoch of the latest worker heartbeat; null when none is recorded or Redis does not answer. */
  workersHeartbeatAt: z.number().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/announcements: the published announcements, newest first (schemas/announcements.ts
 * holds what admins write). `createdAt` is null only for the page's built-in samples.
 */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string().min(1),
  body: z.string(),
  createdAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.object({ items: z.array(announcementSchema) });
