import { auditLog, type DbOrTx } from '@app/db';
import type { RequestMeta } from '../../lib/request.ts';

export type AuditEntry = {
  actor: RequestMeta['actor'] | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  requestId?: string | null;
};

/** jsonb cannot hold bigint or Date as they are; money stays exact as a string of paise. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * Record an admin or superadmin write. Call it with the transaction of the write itself:
 * the record and the change commit together or not at all.
 */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** The audit fields of a request, spread into an AuditEntry. */
export const auditContext = (meta: RequestMeta) => ({
  actor: meta.actor,
  ip: meta.ip,
  requestId: meta.requestId,
});
