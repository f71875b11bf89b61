import { z } from 'zod';
import { referralKeySchema, siteSettingsSchema } from './admin.ts';
import { publicUserSchema } from './user.ts';

/** Answer shapes of the backbone API that the other schema files do not cover yet. */

/** PUT /api/auth/change-password: the new token keeps this session; older ones stop working. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** PUT /api/user/me/profile, PUT /api/user/me/bank, POST /api/superadmin/create-user|create-admin. */
export const userMessageResponseSchema = z.object({ user: publicUserSchema, message: z.string() });
export type UserMessageResponse = z.infer<typeof userMessageResponseSchema>;

/** POST /api/referral-keys (201) and PATCH /api/referral-keys/:id. */
export const referralKeyResponseSchema = z.object({ key: referralKeySchema });

// GET /api/admin-stats/cards: schemas/admin-stats.ts.

/** PUT /api/superadmin/site. */
export const siteSettingsSaveResponseSchema = z.object({ settings: siteSettingsSchema, message: z.string() });

/** GET /api/health: 200 when both stores answer, 503 otherwise. */
export const healthResponseSchema = z.object({ ok: z.boolean(), db: z.boolean(), redis: z.boolean() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/announcements. No gateway route serves it yet: the page shows its built-in
 * announcements until one does, and a route added later declares this schema.
 */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string().min(1),
  body: z.string(),
  createdAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.object({ items: z.array(announcementSchema) });

/** POST /api/tickets (no gateway route yet, see above): the created ticket's id. */
export const ticketCreatedResponseSchema = z.object({ id: z.string(), message: z.string().optional() });
