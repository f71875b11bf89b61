import { z } from 'zod';
import { MSG } from '../messages.ts';
import { multiLineText, pageQuery, singleLineText } from '../validation.ts';

/**
 * Announcements (user-side §2 "Info pages", §3 "Announcement: id, title, body, time"): admins
 * write them, everyone reads the published ones on /announcements, newest first. The public
 * answer is `announcementsResponseSchema` (schemas/responses.ts), which the page already reads.
 */

/** The table's CHECK constraints hold the same limits (migration 0020). */
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;
/** The public page shows this many, newest first. */
export const PUBLIC_ANNOUNCEMENTS_LIMIT = 50;
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 10;

/** What the admin screen sees of one: the public fields, whether it is public, and when it changed. */
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/** GET /api/admin/announcements: every one, drafts included, newest first. */
export const adminAnnouncementListQuerySchema = z.object({
  page: pageQuery,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(ADMIN_ANNOUNCEMENTS_PAGE_SIZE)
    .catch(ADMIN_ANNOUNCEMENTS_PAGE_SIZE),
});
export type AdminAnnouncementListQuery = z.output<typeof adminAnnouncementListQuerySchema>;

export const adminAnnouncementListResponseSchema = z.object({
  items: z.array(adminAnnouncementSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminAnnouncementList = z.infer<typeof adminAnnouncementListResponseSchema>;

export const adminAnnouncementResponseSchema = z.object({ announcement: adminAnnouncementSchema });

const orEmpty = (v: unknown) => (v == null ? '' : v);

/**
 * POST /api/admin/announcements and PUT /api/admin/announcements/:id. A title and a body, both
 * trimmed and required; `published` defaults to true on create and keeps its value when an edit
 * leaves it out. Unknown fields are refused.
 */
export const announcementInputSchema = z.strictObject(
  {
    title: z.preprocess(
      orEmpty,
      singleLineText(MSG.announcementTitleRequired)
        .trim()
        .min(1, MSG.announcementTitleRequired)
        .max(ANNOUNCEMENT_TITLE_MAX, MSG.announcementTitleTooLong),
    ),
    body: z.preprocess(
      orEmpty,
      multiLineText(MSG.announcementBodyRequired)
        .trim()
        .min(1, MSG.announcementBodyRequired)
        .max(ANNOUNCEMENT_BODY_MAX, MSG.announcementBodyTooLong),
    ),
    published: z.boolean({ error: MSG.invalidInput }).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.announcementFieldUnknown : MSG.invalidInput),
  },
);
export type AnnouncementInput = z.output<typeof announcementInputSchema>;
