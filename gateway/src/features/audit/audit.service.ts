import type { Db } from '@app/db';
import type { AuditEntry, AuditListResponse, AuditQuery, MyAdminActionsResponse } from '@app/shared';
import type { Staff } from '../../lib/access.ts';
import { pagination } from '../../lib/sql.ts';
import { type AuditListRow, listAdminActionsOn, listAudit } from './audit.repository.ts';

const iso = (at: Date | string) => new Date(at).toISOString();

function toAuditEntry(r: AuditListRow): AuditEntry {
  return {
    id: String(r.id),
    createdAt: iso(r.created_at),
    actor:
      r.actor_id && r.actor_username && r.actor_role_now
        ? { id: r.actor_id, username: r.actor_username, role: r.actor_role_now }
        : null,
    actorRole: r.actor_role,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    user:
      r.subject_id && r.subject_username && r.subject_role
        ? { id: r.subject_id, username: r.subject_username, role: r.subject_role }
        : null,
    before: r.before,
    after: r.after,
    reason: r.reason,
    ip: r.ip,
    requestId: r.request_id,
  };
}

/** Reading the audit trail; writing it is `audit()` (audit.ts), inside each write's transaction. */
export function createAuditService({ db }: { db: Db }) {
  return {
    async list(viewer: Staff, query: AuditQuery): Promise<AuditListResponse> {
      const { page, limit, ...filter } = query;
      const { rows, total } = await listAudit(
        db,
        { viewer, ...filter },
        { limit, offset: (page - 1) * limit },
      );
      return { items: rows.map(toAuditEntry), pagination: pagination(total, page, limit) };
    },

    /** The user's own page: the rows about their account, without anything naming the admin. */
    async mine(userId: string, query: { page: number; limit: number }): Promise<MyAdminActionsResponse> {
      const { page, limit } = query;
      const { rows, total } = await listAdminActionsOn(db, userId, { limit, offset: (page - 1) * limit });
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          createdAt: iso(r.created_at),
          action: r.action,
          reason: r.reason,
        })),
        pagination: pagination(total, page, limit),
      };
    },
  };
}
