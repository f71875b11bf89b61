import type { Db } from '@app/db';
import {
  type AdminAnnouncement,
  type AdminAnnouncementList,
  type AdminAnnouncementListQuery,
  type Announcement,
  type AnnouncementInput,
  PUBLIC_ANNOUNCEMENTS_LIMIT,
} from '@app/shared';
import { notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { toAdminAnnouncement, toAnnouncement } from './announcements.mapper.ts';
import {
  deleteAnnouncement,
  insertAnnouncement,
  listAll,
  listPublished,
  lockAnnouncement,
  updateAnnouncement,
} from './announcements.repository.ts';

/**
 * Announcements: admins create, edit and delete them, each write audited in its own
 * transaction (`announcement.create/update/delete`, target 'announcement'); everyone reads the
 * published ones.
 */
export function createAnnouncementsService({ db }: { db: Db }) {
  return {
    async listPublic(): Promise<{ items: Announcement[] }> {
      const rows = await listPublished(db, PUBLIC_ANNOUNCEMENTS_LIMIT);
      return { items: rows.map(toAnnouncement) };
    },

    async listAdmin(query: AdminAnnouncementListQuery): Promise<AdminAnnouncementList> {
      const { rows, total } = await listAll(db, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toAdminAnnouncement), total, page: query.page, limit: query.limit };
    },

    async create(input: AnnouncementInput, meta: RequestMeta): Promise<AdminAnnouncement> {
      return db.transaction(async (tx) => {
        const values = { title: input.title, body: input.body, published: input.published ?? true };
        const created = toAdminAnnouncement(await insertAnnouncement(tx, values, meta.actor.id));
        await audit(tx, {
          ...auditContext(meta),
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: created.id,
          after: created,
        });
        return created;
      });
    },

    async update(id: string, input: AnnouncementInput, meta: RequestMeta): Promise<AdminAnnouncement> {
      return db.transaction(async (tx) => {
        const row = await lockAnnouncement(tx, id);
        if (!row) throw notFound();
        const before = toAdminAnnouncement(row);
        // An edit that leaves `published` out keeps it.
        const values = { title: input.title, body: input.body, published: input.published ?? row.published };
        const after = toAdminAnnouncement(await updateAnnouncement(tx, id, values, meta.actor.id));
        await audit(tx, {
          ...auditContext(meta),
          action: 'announcement.update',
          targetType: 'announcement',
          targetId: id,
          before,
          after,
        });
        return after;
      });
    },

    async remove(id: string, meta: RequestMeta): Promise<AdminAnnouncement> {
      return db.transaction(async (tx) => {
        const row = await lockAnnouncement(tx, id);
        if (!row) throw notFound();
        await deleteAnnouncement(tx, id);
        const before = toAdminAnnouncement(row);
        await audit(tx, {
          ...auditContext(meta),
          action: 'announcement.delete',
          targetType: 'announcement',
          targetId: id,
          before,
        });
        return before;
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
