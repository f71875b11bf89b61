import type { AnnouncementRow } from '@app/db';
import type { AdminAnnouncement, Announcement } from '@app/shared';

export const toAdminAnnouncement = (row: AnnouncementRow): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  published: row.published,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What everyone reads: the spec's id, title, body and time. */
export const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});
