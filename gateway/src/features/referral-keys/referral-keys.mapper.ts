import type { ReferralKeyRow } from '@app/db';
import type { ReferralKey } from '@app/shared';

export function toReferralKey(row: ReferralKeyRow): ReferralKey {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    usedCount: row.usedCount,
    maxUses: row.maxUses,
    remaining: Math.max(0, row.maxUses - row.usedCount),
    active: row.active,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
