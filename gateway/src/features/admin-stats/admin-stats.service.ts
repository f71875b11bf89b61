import {
  type Db,
  type LoginHistoryRow,
  pendingRequestCounts,
  readAdminStats,
  refreshAdminStats,
} from '@app/db';
import {
  type AdminCardsResponse,
  adminStatsSnapshotSchema,
  type LoginRecord,
  type Role,
  toAdminCards,
} from '@app/shared';
import { type Staff, seesSuperadminRows } from '../../lib/access.ts';
import { pagination } from '../../lib/sql.ts';
import { listLogins } from './admin-stats.repository.ts';

function toLoginRecord(row: LoginHistoryRow): LoginRecord {
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    username: row.username ?? (row.userId ? null : row.identifier),
    email: row.email,
    role: row.role,
    deviceType: row.deviceType,
    userAgent: row.userAgent,
    ip: row.ip,
    success: row.success,
  };
}

export type LoginHistoryQuery = {
  page: number;
  limit: number;
  q?: string;
  user?: string;
  excludeRole?: Role;
};

export function createAdminStatsService({ db }: { db: Db }) {
  return {
    async loginHistory(viewer: Staff, query: LoginHistoryQuery) {
      const { rows, total } = await listLogins(
        db,
        {
          q: query.q || undefined,
          user: query.user || undefined,
          excludeRole: query.excludeRole,
          hideSuperadmins: !seesSuperadminRows(viewer),
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: rows.map(toLoginRecord), pagination: pagination(total, query.page, query.limit) };
    },

    /**
     * The counts of the last periodic recount (workers: adminStats), read by key, and the
     * pending requests as they are now (the sidebar badges' counts). Before the first recount
     * of a new database, this request makes it.
     */
    async cards(): Promise<AdminCardsResponse> {
      const [snapshot, pending] = await Promise.all([readAdminStats(db), pendingRequestCounts(db)]);
      const { stats, computedAt } = snapshot ?? (await refreshAdminStats(db));
      return toAdminCards(adminStatsSnapshotSchema.parse(stats), pending, computedAt);
    },
  };
}
