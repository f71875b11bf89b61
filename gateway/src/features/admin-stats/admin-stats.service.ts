import type { Db, LoginHistoryRow } from '@app/db';
import type { AdminCardsResponse, LoginRecord, Role } from '@app/shared';
import { pagination } from '../../lib/sql.ts';
import {
  countActiveUsers,
  countUsers,
  listLogins,
  successfulLoginsByDevice,
} from './admin-stats.repository.ts';

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
    async loginHistory(viewerRole: Role, query: LoginHistoryQuery) {
      const { rows, total } = await listLogins(
        db,
        {
          q: query.q || undefined,
          user: query.user || undefined,
          excludeRole: query.excludeRole,
          hideSuperadmins: viewerRole !== 'superadmin',
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { items: rows.map(toLoginRecord), pagination: pagination(total, query.page, query.limit) };
    },

    async cards(): Promise<AdminCardsResponse> {
      const [totalUsers, activeUsers, devices] = await Promise.all([
        countUsers(db),
        countActiveUsers(db),
        successfulLoginsByDevice(db),
      ]);
      return { ok: true, cards: { totalUsers, activeUsers }, devices };
    },
  };
}
