import { type Db, generateReferralCode } from '@app/db';
import { MSG, type ReferralKey, type ReferralKeyCreateBody, type ReferralKeyPatchBody } from '@app/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { RequestMeta } from '../../lib/request.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { toReferralKey } from './referral-keys.mapper.ts';
import { findKeyById, insertKey, listKeys, patchKey } from './referral-keys.repository.ts';

/** 36^8 codes make a collision rare; a handful of draws makes failing practically impossible. */
const CODE_ATTEMPTS = 8;

export function createReferralKeysService({ db }: { db: Db }) {
  return {
    async list(query: {
      q?: string;
      page: number;
      limit: number;
    }): Promise<{ rows: ReferralKey[]; total: number }> {
      const { rows, total } = await listKeys(db, {
        q: query.q || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { rows: rows.map(toReferralKey), total };
    },

    async create(body: ReferralKeyCreateBody, meta: RequestMeta): Promise<ReferralKey> {
      return db.transaction(async (tx) => {
        for (let i = 0; i < CODE_ATTEMPTS; i++) {
          const row = await insertKey(tx, {
            code: generateReferralCode(),
            label: body.label ?? null,
            maxUses: body.maxUses,
            expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            createdBy: meta.actor.id,
          });
          if (!row) continue;
          const key = toReferralKey(row);
          await audit(tx, {
            ...auditContext(meta),
            action: 'referral_key.create',
            targetType: 'referral_key',
            targetId: row.id,
            after: key,
          });
          return key;
        }
        throw new Error(`no free referral code after ${CODE_ATTEMPTS} attempts`);
      });
    },

    async patch(id: string, body: ReferralKeyPatchBody, meta: RequestMeta): Promise<ReferralKey> {
      return db.transaction(async (tx) => {
        const before = await findKeyById(tx, id, true);
        if (!before) throw notFound();
        const row = await patchKey(tx, id, { active: body.active, maxUses: body.maxUses });
        if (!row) throw badRequest(MSG.maxUsesBelowUsed);
        const key = toReferralKey(row);
        await audit(tx, {
          ...auditContext(meta),
          action: 'referral_key.update',
          targetType: 'referral_key',
          targetId: id,
          before: toReferralKey(before),
          after: key,
        });
        return key;
      });
    },
  };
}
